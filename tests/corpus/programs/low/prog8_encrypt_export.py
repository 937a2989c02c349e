"""Encrypts an export before it is attached to a ticket."""
import argparse
import getpass
import os
from pathlib import Path

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC
import base64


def derive(passphrase, salt):
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=480000)
    return base64.urlsafe_b64encode(kdf.derive(passphrase.encode()))


def encrypt(path, passphrase):
    salt = os.urandom(16)
    token = Fernet(derive(passphrase, salt)).encrypt(path.read_bytes())
    out = path.with_suffix(path.suffix + ".enc")
    out.write_bytes(salt + token)
    os.chmod(out, 0o600)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=Path)
    args = ap.parse_args()
    pw = getpass.getpass("passphrase: ")
    print("written", encrypt(args.export, pw))


if __name__ == "__main__":
    main()
