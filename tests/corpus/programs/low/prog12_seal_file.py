#!/usr/bin/env python3
"""Encrypts one file the user names with a passphrase (keeps the original)."""
import argparse
import base64
import getpass
import os
import sys

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC


def derive(passphrase: str, salt: bytes) -> bytes:
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=480000)
    return base64.urlsafe_b64encode(kdf.derive(passphrase.encode()))


def seal(path: str, passphrase: str) -> str:
    salt = os.urandom(16)
    f = Fernet(derive(passphrase, salt))
    with open(path, "rb") as fh:
        token = f.encrypt(fh.read())
    out = path + ".sealed"
    with open(out, "wb") as fh:
        fh.write(salt + token)
    return out


def unseal(path: str, passphrase: str) -> bytes:
    with open(path, "rb") as fh:
        blob = fh.read()
    return Fernet(derive(passphrase, blob[:16])).decrypt(blob[16:])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--open", action="store_true")
    args = ap.parse_args()
    pw = getpass.getpass("passphrase: ")
    if args.open:
        sys.stdout.buffer.write(unseal(args.file, pw))
    else:
        print("wrote", seal(args.file, pw))
    return 0


if __name__ == "__main__":
    sys.exit(main())
