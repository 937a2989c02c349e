#!/usr/bin/env python3
"""Local password checker for the team's CLI tools: stores scrypt hashes of
the admin passwords in a SQLite file and verifies logins against them."""
import argparse
import getpass
import hashlib
import hmac
import logging
import secrets
import sqlite3

log = logging.getLogger("pwstore")

N, R, P = 2**14, 8, 1


def derive(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=N, r=R, p=P, dklen=32)


class PasswordStore:
    def __init__(self, path="passwords.db"):
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, salt BLOB, hash BLOB)")

    def set_password(self, name: str, password: str) -> None:
        salt = secrets.token_bytes(16)
        self.db.execute("REPLACE INTO users VALUES (?, ?, ?)", (name, salt, derive(password, salt)))
        self.db.commit()

    def check(self, name: str, password: str) -> bool:
        row = self.db.execute("SELECT salt, hash FROM users WHERE name = ?", (name,)).fetchone()
        return bool(row) and hmac.compare_digest(derive(password, row[0]), row[1])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=["set", "check"])
    parser.add_argument("name")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    store = PasswordStore()
    password = getpass.getpass()
    if args.action == "set":
        store.set_password(args.name, password)
    else:
        log.info("valid" if store.check(args.name, password) else "invalid")
