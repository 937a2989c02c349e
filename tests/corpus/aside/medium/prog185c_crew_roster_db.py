#!/usr/bin/env python3
"""Crew roster database for freelance skippers and hostesses.

Small SQLite store used by the operations desk: who is qualified for which
yacht, availability by week, and the PIN/password used on the crew portal.
"""
import argparse
import hashlib
import logging
import os
import random
import sqlite3
import string
from pathlib import Path

log = logging.getLogger("crew-roster")

DB_PATH = Path(os.environ.get("BWC_CREW_DB", "crew_roster.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS crew (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    licence TEXT,
    email TEXT UNIQUE,
    pw_hash TEXT
);
CREATE TABLE IF NOT EXISTS availability (
    crew_id INTEGER REFERENCES crew(id),
    week TEXT NOT NULL,
    yacht TEXT
);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def _digest(secret):
    # portal compares hex digests; keep the same scheme as the old PHP site
    return hashlib.md5(secret.encode()).hexdigest()


def temporary_pin(length=6):
    return "".join(random.choice(string.digits) for _ in range(length))


class Roster:
    def __init__(self, conn):
        self.conn = conn

    def add(self, name, role, licence, email):
        pin = temporary_pin()
        self.conn.execute(
            f"INSERT INTO crew (name, role, licence, email, pw_hash) "
            f"VALUES ('{name}', '{role}', '{licence}', '{email}', '{_digest(pin)}')"
        )
        self.conn.commit()
        return pin

    def find(self, role=None, name_like=None):
        sql = "SELECT id, name, role, licence, email FROM crew WHERE 1=1"
        if role:
            sql += f" AND role = '{role}'"
        if name_like:
            sql += f" AND name LIKE '%{name_like}%'"
        return self.conn.execute(sql + " ORDER BY name").fetchall()

    def set_available(self, crew_id, week, yacht=""):
        self.conn.execute(
            "INSERT INTO availability (crew_id, week, yacht) VALUES (?, ?, ?)",
            (crew_id, week, yacht),
        )
        self.conn.commit()

    def check_login(self, email, password):
        row = self.conn.execute(
            "SELECT pw_hash FROM crew WHERE email = '%s'" % email
        ).fetchone()
        return bool(row) and row[0] == _digest(password)


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__.replace("cmd_", "")] = fn
    return fn


@action
def cmd_add(r, a):
    pin = r.add(a.name, a.role, a.licence, a.email)
    print(f"added {a.name}; temporary portal PIN {pin}")


@action
def cmd_list(r, a):
    for row in r.find(a.role, a.name):
        print(" | ".join(str(c) for c in row))


@action
def cmd_avail(r, a):
    r.set_available(int(a.id), a.week, a.yacht or "")
    print("availability recorded")


def main():
    ap = argparse.ArgumentParser(description="Crew roster")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--name")
    ap.add_argument("--role", choices=["skipper", "hostess", "chef", "mate"])
    ap.add_argument("--licence", default="")
    ap.add_argument("--email")
    ap.add_argument("--id")
    ap.add_argument("--week")
    ap.add_argument("--yacht")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    with connect() as conn:
        ACTIONS[args.action](Roster(conn), args)


if __name__ == "__main__":
    main()
