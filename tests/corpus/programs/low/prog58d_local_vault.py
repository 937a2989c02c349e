#!/usr/bin/env python3
"""Tiny encrypted password store kept in ./vault.json.

The master password is read with getpass, stretched with scrypt and used
as a Fernet key.  Nothing leaves the machine.
"""
import argparse
import base64
import getpass
import hashlib
import json
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

VAULT = Path("vault.json")
log = logging.getLogger("vault")


class Vault:
    def __init__(self, path):
        self.path = path
        self.salt = None
        self.entries = {}

    def load(self):
        if self.path.exists():
            doc = json.loads(self.path.read_text())
            self.salt = base64.b64decode(doc["salt"])
            self.entries = doc["entries"]
        else:
            self.salt = secrets.token_bytes(16)

    def save(self):
        doc = {"salt": base64.b64encode(self.salt).decode(), "entries": self.entries}
        tmp = self.path.with_suffix(".json.new")
        tmp.write_text(json.dumps(doc, indent=2))
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)

    def cipher(self, master):
        raw = hashlib.scrypt(master.encode(), salt=self.salt, n=2 ** 15, r=8, p=1,
                             maxmem=64 * 1024 * 1024, dklen=32)
        return Fernet(base64.urlsafe_b64encode(raw))


def ask_master(confirm=False):
    pw = getpass.getpass("Master password: ")
    if confirm and getpass.getpass("Repeat: ") != pw:
        raise SystemExit("passwords differ")
    return pw


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("--generate", type=int, metavar="LEN")
    g = sub.add_parser("get")
    g.add_argument("name")
    sub.add_parser("list")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    vault = Vault(VAULT)
    vault.load()
    if args.cmd == "list":
        for name in sorted(vault.entries):
            print(name)
        return 0

    fernet = vault.cipher(ask_master(confirm=not VAULT.exists()))
    if args.cmd == "add":
        if args.generate:
            secret = secrets.token_urlsafe(args.generate)[: args.generate]
        else:
            secret = getpass.getpass(f"Secret for {args.name}: ")
        vault.entries[args.name] = fernet.encrypt(secret.encode()).decode()
        vault.save()
        log.info("stored %s", args.name)
        return 0

    token = vault.entries.get(args.name)
    if token is None:
        log.error("no entry named %s", args.name)
        return 1
    try:
        print(fernet.decrypt(token.encode()).decode())
    except InvalidToken:
        log.error("wrong master password")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
