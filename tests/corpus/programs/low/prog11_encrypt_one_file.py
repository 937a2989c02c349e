#!/usr/bin/env python3
"""Encrypts the one file the user names with a passphrase (Fernet, key from
scrypt) into FILE.enc, and decrypts it back with --decrypt."""
import argparse
import base64
import getpass
import logging
import os
import sys

from cryptography.fernet import Fernet
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

log = logging.getLogger("encrypt")


def key_from(passphrase: str, salt: bytes) -> bytes:
    kdf = Scrypt(salt=salt, length=32, n=2**14, r=8, p=1)
    return base64.urlsafe_b64encode(kdf.derive(passphrase.encode()))


def encrypt(path, passphrase):
    salt = os.urandom(16)
    with open(path, "rb") as fh:
        plain = fh.read()
    token = Fernet(key_from(passphrase, salt)).encrypt(plain)
    with open(path + ".enc", "wb") as out:
        out.write(salt + token)
    log.info("wrote %s.enc; the original is kept", path)


def decrypt(path, passphrase):
    with open(path, "rb") as fh:
        blob = fh.read()
    salt, token = blob[:16], blob[16:]
    plain = Fernet(key_from(passphrase, salt)).decrypt(token)
    target = path[:-4] if path.endswith(".enc") else path + ".out"
    with open(target, "wb") as out:
        out.write(plain)
    log.info("wrote %s", target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--decrypt", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if not os.path.isfile(args.file):
        sys.exit(f"{args.file}: not a file")
    pw = getpass.getpass("passphrase: ")
    (decrypt if args.decrypt else encrypt)(args.file, pw)


if __name__ == "__main__":
    main()
