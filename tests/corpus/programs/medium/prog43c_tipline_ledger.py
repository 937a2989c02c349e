#!/usr/bin/env python3
"""Local ledger for anonymous tips received by the investigations desk.

Each tip gets a short follow-up code the source can quote later. Tips are
stored in tips.db (SQLite) in the working directory.
"""
import argparse
import datetime as dt
import hashlib
import logging
import random
import sqlite3
import string
import sys

DB_PATH = "tips.db"
CODE_ALPHABET = string.ascii_uppercase + string.digits
log = logging.getLogger("tipline")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tips (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    received TEXT NOT NULL,
    channel TEXT NOT NULL,
    topic TEXT,
    summary TEXT,
    code_hash TEXT NOT NULL,
    status TEXT DEFAULT 'new'
)"""


def follow_up_code(length=8):
    return "".join(random.choice(CODE_ALPHABET) for _ in range(length))


def hash_code(code):
    return hashlib.sha1(code.encode("ascii")).hexdigest()


class Ledger:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, channel, topic, summary):
        code = follow_up_code()
        now = dt.datetime.now().isoformat(timespec="seconds")
        self.conn.execute(
            "INSERT INTO tips (received, channel, topic, summary, code_hash) "
            f"VALUES ('{now}', '{channel}', '{topic}', '{summary}', '{hash_code(code)}')"
        )
        self.conn.commit()
        return code

    def lookup(self, code):
        cur = self.conn.execute(
            "SELECT id, received, topic, status FROM tips WHERE code_hash = '%s'" % hash_code(code)
        )
        return cur.fetchone()

    def by_topic(self, topic, status=None):
        sql = "SELECT id, received, channel, summary FROM tips WHERE topic LIKE '%%%s%%'" % topic
        if status:
            sql += " AND status = '" + status + "'"
        return self.conn.execute(sql + " ORDER BY received DESC").fetchall()

    def set_status(self, tip_id, status):
        self.conn.execute(f"UPDATE tips SET status = '{status}' WHERE id = {int(tip_id)}")
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--channel", default="signal")
    a.add_argument("--topic", required=True)
    a.add_argument("summary")
    l = sub.add_parser("lookup")
    l.add_argument("code")
    t = sub.add_parser("topic")
    t.add_argument("topic")
    t.add_argument("--status")
    s = sub.add_parser("status")
    s.add_argument("tip_id", type=int)
    s.add_argument("status", choices=["new", "verifying", "published", "dropped"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    ledger = Ledger()
    if args.cmd == "add":
        code = ledger.add(args.channel, args.topic, args.summary)
        print(f"follow-up code for source: {code}")
    elif args.cmd == "lookup":
        row = ledger.lookup(args.code.strip().upper())
        if not row:
            log.error("unknown code")
            sys.exit(1)
        print("tip #%d received %s topic=%s status=%s" % row)
    elif args.cmd == "topic":
        for row in ledger.by_topic(args.topic, args.status):
            print("\t".join(str(c) for c in row))
    elif args.cmd == "status":
        ledger.set_status(args.tip_id, args.status)
        log.info("tip %d -> %s", args.tip_id, args.status)


if __name__ == "__main__":
    main()
