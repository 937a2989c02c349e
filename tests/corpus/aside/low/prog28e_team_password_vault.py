#!/usr/bin/env python3
"""Small offline password vault for the on-call team.

Entries are stored in ./vault.json, encrypted with AES-256-GCM under a key
derived from the master password with scrypt. Nothing leaves the machine.

    vault.py init
    vault.py add github --user alice --generate 24
    vault.py get github
    vault.py list
"""

import argparse
import base64
import getpass
import json
import logging
import os
import secrets
import string
import sys
from hashlib import scrypt
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")
VAULT_PATH = Path("vault.json")
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1
ALPHABET = string.ascii_letters + string.digits + "!#$%&()*+,-./:;<=>?@[]^_{}~"


class VaultError(Exception):
    pass


def b64e(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def b64d(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"))


def derive_key(password: str, salt: bytes) -> bytes:
    return scrypt(password.encode("utf-8"), salt=salt,
                  n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=64 * 1024 * 1024, dklen=32)


def generate_password(length: int) -> str:
    while True:
        pw = "".join(secrets.choice(ALPHABET) for _ in range(length))
        if (any(c.islower() for c in pw) and any(c.isupper() for c in pw)
                and any(c.isdigit() for c in pw)):
            return pw


class Vault:
    def __init__(self, path: Path):
        self.path = path
        self.meta = {}
        self.entries = {}
        self._key = None

    def create(self, master: str):
        if self.path.exists():
            raise VaultError(f"{self.path} already exists")
        salt = secrets.token_bytes(16)
        self.meta = {"version": 2, "kdf": "scrypt", "salt": b64e(salt)}
        self._key = derive_key(master, salt)
        self.entries = {}
        self.save()

    def open(self, master: str):
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise VaultError("no vault here; run 'init' first") from None
        self.meta = doc["meta"]
        self._key = derive_key(master, b64d(self.meta["salt"]))
        nonce, blob = b64d(doc["nonce"]), b64d(doc["data"])
        try:
            plain = AESGCM(self._key).decrypt(nonce, blob, b"vault-v2")
        except Exception:
            raise VaultError("wrong master password or corrupted vault") from None
        self.entries = json.loads(plain)

    def save(self):
        nonce = secrets.token_bytes(12)
        blob = AESGCM(self._key).encrypt(nonce, json.dumps(self.entries).encode(), b"vault-v2")
        doc = {"meta": self.meta, "nonce": b64e(nonce), "data": b64e(blob)}
        tmp = self.path.with_suffix(".json.new")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)


def ask_master(confirm=False) -> str:
    pw = os.environ.get("VAULT_MASTER") or getpass.getpass("master password: ")
    if confirm and not os.environ.get("VAULT_MASTER"):
        if getpass.getpass("repeat: ") != pw:
            raise VaultError("passwords differ")
    if len(pw) < 12:
        raise VaultError("master password must be at least 12 characters")
    return pw


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="offline team vault")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init")
    sub.add_parser("list")
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("--user", default="")
    a.add_argument("--generate", type=int, metavar="LEN")
    g = sub.add_parser("get")
    g.add_argument("name")
    r = sub.add_parser("rm")
    r.add_argument("name")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    vault = Vault(VAULT_PATH)
    try:
        if args.cmd == "init":
            vault.create(ask_master(confirm=True))
            log.info("created %s", VAULT_PATH)
            return 0
        vault.open(ask_master())
        if args.cmd == "list":
            for name in sorted(vault.entries):
                print(f"{name:24} {vault.entries[name].get('user', '')}")
        elif args.cmd == "add":
            secret = generate_password(args.generate) if args.generate else getpass.getpass("secret: ")
            vault.entries[args.name] = {"user": args.user, "secret": secret}
            vault.save()
            log.info("stored %s", args.name)
        elif args.cmd == "get":
            entry = vault.entries.get(args.name)
            if entry is None:
                raise VaultError(f"no entry {args.name!r}")
            print(entry["secret"])
        elif args.cmd == "rm":
            if vault.entries.pop(args.name, None) is None:
                raise VaultError(f"no entry {args.name!r}")
            vault.save()
    except VaultError as exc:
        log.error("error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
