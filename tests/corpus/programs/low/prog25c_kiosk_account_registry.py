#!/usr/bin/env python3
"""Account registry for the shop-floor kiosk app.

Keeps kiosk operator accounts in ./kiosk_accounts.json: password hashes,
issued session tokens and the (encrypted) per-operator printer PIN.

    kiosk_account_registry.py add alice
    kiosk_account_registry.py login alice
    kiosk_account_registry.py set-pin alice 4821
"""
import argparse
import getpass
import hashlib
import hmac
import json
import logging
import os
import secrets
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("kiosk_registry")

STORE = Path("kiosk_accounts.json")
KEY_FILE = Path("kiosk_pin.key")
SCRYPT_PARAMS = {"n": 2 ** 14, "r": 8, "p": 1, "dklen": 32}


def hash_password(password: str, salt: bytes) -> str:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, **SCRYPT_PARAMS).hex()


def new_salt() -> bytes:
    return secrets.token_bytes(16)


def new_session_token() -> str:
    return secrets.token_urlsafe(32)


class PinCipher:
    def __init__(self, key_path: Path):
        if not key_path.exists():
            key_path.write_bytes(AESGCM.generate_key(bit_length=256))
            os.chmod(key_path, 0o600)
        self.aead = AESGCM(key_path.read_bytes())

    def encrypt(self, pin: str, user: str) -> str:
        nonce = secrets.token_bytes(12)
        return (nonce + self.aead.encrypt(nonce, pin.encode(), user.encode())).hex()

    def decrypt(self, blob: str, user: str) -> str:
        raw = bytes.fromhex(blob)
        return self.aead.decrypt(raw[:12], raw[12:], user.encode()).decode()


class AccountRegistry:
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
        self.accounts[user] = {"salt": salt.hex(), "hash": hash_password(password, salt),
                               "tokens": [], "pin": None}

    def check(self, user: str, password: str) -> bool:
        acct = self.accounts.get(user)
        if not acct:
            return False
        candidate = hash_password(password, bytes.fromhex(acct["salt"]))
        return hmac.compare_digest(candidate, acct["hash"])

    def issue_token(self, user: str, ttl: int) -> str:
        token = new_session_token()
        self.accounts[user]["tokens"].append(
            {"sha256": hashlib.sha256(token.encode()).hexdigest(),
             "expires": int(time.time()) + ttl})
        return token


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="kiosk account registry")
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

    registry = AccountRegistry(STORE)
    try:
        if args.cmd == "add":
            pw = getpass.getpass(f"new password for {args.user}: ")
            if pw != getpass.getpass("repeat: "):
                log.error("passwords differ")
                return 1
            registry.add(args.user, pw)
            log.info("added %s", args.user)
        elif args.cmd == "login":
            if not registry.check(args.user, getpass.getpass("password: ")):
                log.error("login failed")
                return 1
            print(registry.issue_token(args.user, args.ttl))
        elif args.cmd == "set-pin":
            if args.user not in registry.accounts or not args.pin.isdigit():
                log.error("unknown user or non-numeric pin")
                return 1
            registry.accounts[args.user]["pin"] = PinCipher(KEY_FILE).encrypt(args.pin, args.user)
            log.info("pin stored for %s", args.user)
    except ValueError as exc:
        log.error("%s", exc)
        return 1
    registry.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
