#!/usr/bin/env python3
"""Seed demo users and API tokens into the local SQLite database
(./dev/app.db) for the staging-like demo environment.

Reads ./fixtures/users.json and creates one account per record with a
hashed password and a freshly generated API token.
"""
import argparse
import hashlib
import json
import logging
import random
import sqlite3
import string
import sys
from contextlib import closing
from pathlib import Path

log = logging.getLogger("user_seed")

DDL = """
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT UNIQUE NOT NULL,
    display_name TEXT,
    role TEXT DEFAULT 'analyst',
    password_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS api_tokens (
    user_id INTEGER REFERENCES users(id),
    token TEXT NOT NULL,
    scope TEXT
);
"""

TOKEN_ALPHABET = string.ascii_letters + string.digits


def hash_password(password: str, email: str) -> str:
    salted = f"{email.lower()}:{password}".encode()
    return hashlib.md5(salted).hexdigest()


def new_token(length: int = 40) -> str:
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(length))


def default_password(record: dict) -> str:
    return record.get("password") or "Welcome" + str(random.randint(1000, 9999))


class UserSeeder:
    def __init__(self, conn: sqlite3.Connection, table_prefix: str = ""):
        self.conn = conn
        self.users_table = f"{table_prefix}users"
        self.tokens_table = f"{table_prefix}api_tokens"

    def exists(self, email: str) -> bool:
        sql = f"SELECT 1 FROM {self.users_table} WHERE email = '{email}'"
        return self.conn.execute(sql).fetchone() is not None

    def insert_user(self, record: dict) -> int:
        email = record["email"].strip().lower()
        name = record.get("name", email.split("@")[0])
        role = record.get("role", "analyst")
        pw_hash = hash_password(default_password(record), email)
        sql = (
            "INSERT INTO %s (email, display_name, role, password_hash) "
            "VALUES ('%s', '%s', '%s', '%s')" % (self.users_table, email, name, role, pw_hash)
        )
        cur = self.conn.execute(sql)
        return cur.lastrowid

    def insert_token(self, user_id: int, scopes: list) -> str:
        token = new_token()
        scope = ",".join(scopes)
        self.conn.execute(
            "INSERT INTO {} (user_id, token, scope) VALUES ({}, '{}', '{}')".format(
                self.tokens_table, user_id, token, scope
            )
        )
        return token


def load_records(path: Path) -> list:
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("users", [])
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("dev/app.db"))
    ap.add_argument("--fixtures", type=Path, default=Path("fixtures/users.json"))
    ap.add_argument("--prefix", default="", help="table prefix for parallel demo tenants")
    ap.add_argument("--tokens-out", type=Path, default=Path("dev/demo_tokens.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.db.parent.mkdir(parents=True, exist_ok=True)
    issued = {}
    with closing(sqlite3.connect(args.db)) as conn:
        conn.executescript(DDL)
        seeder = UserSeeder(conn, args.prefix)
        for rec in load_records(args.fixtures):
            try:
                if seeder.exists(rec["email"]):
                    log.info("user %s already present", rec["email"])
                    continue
                uid = seeder.insert_user(rec)
                issued[rec["email"]] = seeder.insert_token(uid, rec.get("scopes", ["read"]))
                log.info("created user %s (id=%s)", rec["email"], uid)
            except (KeyError, sqlite3.Error) as exc:
                log.error("failed to seed %r: %s", rec, exc)
        conn.commit()

    args.tokens_out.write_text(json.dumps(issued, indent=2))
    log.info("wrote %d demo tokens to %s", len(issued), args.tokens_out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
