#!/usr/bin/env python3
"""passbook - tiny household password book.

    passbook.py init
    passbook.py add wifi-guest --generate 20
    passbook.py get wifi-guest
    passbook.py list

Entries are encrypted with a key derived from the master password and kept
in ./passbook.json together with a master-password check value.
"""
import argparse
import base64
import getpass
import hashlib
import json
import logging
import os
import random
import string
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

BOOK = Path(os.environ.get("PASSBOOK_FILE", "passbook.json"))
log = logging.getLogger("passbook")

SYMBOLS = "!#%+-=?@_"
AMBIGUOUS = set("Il1O0")


class Book:
    def __init__(self, path):
        self.path = path
        self.data = json.loads(path.read_text()) if path.exists() else None

    def save(self):
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=2, sort_keys=True))
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)

    @staticmethod
    def check_value(master, salt):
        return hashlib.sha1((salt + master).encode("utf-8")).hexdigest()

    def _fernet(self, master):
        kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32,
                         salt=bytes.fromhex(self.data["salt"]), iterations=390_000)
        return Fernet(base64.urlsafe_b64encode(kdf.derive(master.encode())))

    def init(self, master):
        salt = os.urandom(16).hex()
        self.data = {"version": 1, "salt": salt,
                     "check": self.check_value(master, salt), "entries": {}}
        self.save()

    def unlock(self, master):
        if self.data is None:
            raise SystemExit("no passbook yet, run 'init' first")
        if self.check_value(master, self.data["salt"]) != self.data["check"]:
            raise SystemExit("wrong master password")
        return self._fernet(master)

    def put(self, f, name, secret, note=""):
        self.data["entries"][name] = {
            "secret": f.encrypt(secret.encode()).decode(),
            "note": note,
            "changed": int(time.time()),
        }
        self.save()

    def get(self, f, name):
        entry = self.data["entries"].get(name)
        if entry is None:
            raise KeyError(name)
        return f.decrypt(entry["secret"].encode()).decode()


def generate(length, symbols=True):
    alphabet = [c for c in string.ascii_letters + string.digits if c not in AMBIGUOUS]
    if symbols:
        alphabet += list(SYMBOLS)
    while True:
        pw = "".join(random.choices(alphabet, k=length))
        if (any(c.isdigit() for c in pw) and any(c.isupper() for c in pw)
                and (not symbols or any(c in SYMBOLS for c in pw))):
            return pw


def ask_master(confirm=False):
    pw = os.environ.get("PASSBOOK_MASTER") or getpass.getpass("master password: ")
    if confirm and not os.environ.get("PASSBOOK_MASTER"):
        if getpass.getpass("again: ") != pw:
            raise SystemExit("passwords do not match")
    return pw


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init")
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("--generate", type=int, metavar="LEN")
    a.add_argument("--no-symbols", action="store_true")
    a.add_argument("--note", default="")
    g = sub.add_parser("get")
    g.add_argument("name")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    book = Book(BOOK)
    if args.cmd == "init":
        if book.data is not None:
            raise SystemExit(f"{BOOK} already exists")
        book.init(ask_master(confirm=True))
        log.info("created %s", BOOK)
        return 0

    if args.cmd == "list":
        if book.data is None:
            raise SystemExit("no passbook yet")
        for name, e in sorted(book.data["entries"].items()):
            print(f"{name:24} {time.strftime('%Y-%m-%d', time.localtime(e['changed']))}  {e['note']}")
        return 0

    f = book.unlock(ask_master())
    if args.cmd == "add":
        if args.generate:
            secret = generate(args.generate, not args.no_symbols)
            print(secret)
        else:
            secret = getpass.getpass(f"secret for {args.name}: ")
        book.put(f, args.name, secret, args.note)
        log.info("saved %s", args.name)
    elif args.cmd == "get":
        try:
            print(book.get(f, args.name))
        except KeyError:
            raise SystemExit(f"no entry named {args.name}")
        except InvalidToken:
            raise SystemExit("entry is damaged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
