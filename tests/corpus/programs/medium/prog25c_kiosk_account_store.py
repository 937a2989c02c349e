#!/usr/bin/env python3
"""Account store for the shop-floor kiosk app.

Keeps kiosk operator accounts in ./kiosk_accounts.json: password hashes,
issued session tokens and the (encrypted) per-operator printer PIN.

    kiosk_account_store.py add alice
    kiosk_account_store.py login alice
    kiosk_account_store.py set-pin alice 4821
"""
import argparse
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

from Cryptodome.Cipher import DES
from Cryptodome.Util.Padding import pad, unpad

log = logging.getLogger("kiosk_store")

STORE = Path("kiosk_accounts.json")
KEY_FILE = Path("kiosk_pin.key")
TOKEN_ALPHABET = string.ascii_letters + string.digits


def hash_password(password: str, salt: str) -> str:
    return hashlib.md5((salt + password).encode("utf-8")).hexdigest()


def new_salt() -> str:
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(8))


def new_session_token() -> str:
    return "".join(random.choices(TOKEN_ALPHABET, k=32))


class PinCipher:
    def __init__(self, key_path: Path):
        if not key_path.exists():
            key_path.write_bytes(os.urandom(8))
            os.chmod(key_path, 0o600)
        self.key = key_path.read_bytes()[:8]

    def encrypt(self, pin: str) -> str:
        cipher = DES.new(self.key, DES.MODE_ECB)
        return cipher.encrypt(pad(pin.encode(), DES.block_size)).hex()

    def decrypt(self, blob: str) -> str:
        cipher = DES.new(self.key, DES.MODE_ECB)
        return unpad(cipher.decrypt(bytes.fromhex(blob)), DES.block_size).decode()


class AccountStore:
    def __init__(self, path: Path):
        self.path = path
        self.accounts = json.loads(path.read_text()) if path.exists() else {}

    def save(self):
        self.path.write_text(json.dumps(self.accounts, indent=2))
        os.chmod(self.path, 0o600)

    def add(self, user: str, password: str):
        if user in self.accounts:
            raise ValueError(f"user {user} already exists")
        salt = new_salt()
        self.accounts[user] = {"salt": salt, "hash": hash_password(password, salt),
                               "tokens": [], "pin": None}

    def check(self, user: str, password: str) -> bool:
        acct = self.accounts.get(user)
        if not acct:
            return False
        return hash_password(password, acct["salt"]) == acct["hash"]

    def issue_token(self, user: str, ttl: int) -> str:
        token = new_session_token()
        self.accounts[user]["tokens"].append(
            {"sha1": hashlib.sha1(token.encode()).hexdigest(),
             "expires": int(time.time()) + ttl})
        return token


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="kiosk account store")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("add").add_argument("user")
    login = sub.add_parser("login")
    login.add_argument("user")
    login.add_argument("--ttl", type=int, default=8 * 3600)
    pin = sub.add_parser("set-pin")
    pin.add_argument("user")
    pin.add_argument("pin")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = AccountStore(STORE)
    try:
        if args.cmd == "add":
            pw = getpass.getpass(f"new password for {args.user}: ")
            if pw != getpass.getpass("repeat: "):
                log.error("passwords differ")
                return 1
            store.add(args.user, pw)
            log.info("added %s", args.user)
        elif args.cmd == "login":
            if not store.check(args.user, getpass.getpass("password: ")):
                log.error("login failed")
                return 1
            print(store.issue_token(args.user, args.ttl))
        elif args.cmd == "set-pin":
            if args.user not in store.accounts or not args.pin.isdigit():
                log.error("unknown user or non-numeric pin")
                return 1
            store.accounts[args.user]["pin"] = PinCipher(KEY_FILE).encrypt(args.pin)
            log.info("pin stored for %s", args.user)
    except ValueError as exc:
        log.error("%s", exc)
        return 1
    store.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
