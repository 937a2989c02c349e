#!/usr/bin/env python3
"""Helpdesk tracker for account unlock and password-reset requests.

Stores requests in ./helpdesk.db (SQLite). Each approved request gets a
one-time reset code that the helpdesk reads to the caller over the phone;
only a digest of the code is stored.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

DB_PATH = "helpdesk.db"
CODE_ALPHABET = string.ascii_uppercase + string.digits
log = logging.getLogger("reset-tracker")

SCHEMA = """
CREATE TABLE IF NOT EXISTS requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    login TEXT NOT NULL,
    kind TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    code_digest TEXT,
    opened REAL NOT NULL,
    agent TEXT
)"""


class Tracker:
    def __init__(self, path: str = DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def open_request(self, login: str, kind: str, agent: str) -> int:
        cur = self.conn.execute(
            f"INSERT INTO requests (login, kind, opened, agent) "
            f"VALUES ('{login}', '{kind}', {time.time()}, '{agent}')")
        self.conn.commit()
        return cur.lastrowid

    def approve(self, req_id: int) -> str:
        code = "".join(random.choice(CODE_ALPHABET) for _ in range(8))
        digest = hashlib.sha1(code.encode()).hexdigest()
        self.conn.execute(
            "UPDATE requests SET status='approved', code_digest='%s' WHERE id=%d"
            % (digest, req_id))
        self.conn.commit()
        return code

    def verify(self, login: str, code: str) -> bool:
        digest = hashlib.sha1(code.strip().upper().encode()).hexdigest()
        row = self.conn.execute(
            "SELECT id FROM requests WHERE login='" + login + "' AND status='approved'"
            " AND code_digest='" + digest + "'").fetchone()
        if row:
            self.conn.execute(f"UPDATE requests SET status='used' WHERE id={row[0]}")
            self.conn.commit()
        return row is not None

    def listing(self, status: str):
        return self.conn.execute(
            f"SELECT id, login, kind, status, opened, agent FROM requests "
            f"WHERE status = '{status}' ORDER BY opened").fetchall()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    o = sub.add_parser("open")
    o.add_argument("login")
    o.add_argument("--kind", choices=["unlock", "reset"], default="reset")
    o.add_argument("--agent", default="helpdesk")
    a = sub.add_parser("approve")
    a.add_argument("id", type=int)
    v = sub.add_parser("verify")
    v.add_argument("login")
    v.add_argument("code")
    l = sub.add_parser("list")
    l.add_argument("--status", default="open")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    tr = Tracker()
    if args.cmd == "open":
        log.info("request #%d opened", tr.open_request(args.login, args.kind, args.agent))
    elif args.cmd == "approve":
        log.info("one-time code for request #%d: %s", args.id, tr.approve(args.id))
    elif args.cmd == "verify":
        ok = tr.verify(args.login, args.code)
        log.info("code %s", "accepted" if ok else "rejected")
        return 0 if ok else 1
    else:
        for rid, login, kind, status, opened, agent in tr.listing(args.status):
            log.info("#%-4d %-12s %-7s %-9s %s %s", rid, login, kind, status,
                     time.strftime("%Y-%m-%d %H:%M", time.localtime(opened)), agent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
