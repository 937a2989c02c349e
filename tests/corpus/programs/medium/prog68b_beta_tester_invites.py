#!/usr/bin/env python3
"""Manage the closed-beta tester roster and redeem codes for the mobile apps.

    beta_tester_invites.py add alice@example.org --platform ios --group qa
    beta_tester_invites.py list --platform android --status pending
    beta_tester_invites.py revoke alice@example.org
    beta_tester_invites.py export --group qa > testflight.csv
"""
import argparse
import csv
import logging
import random
import sqlite3
import string
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

DB_PATH = Path("beta_testers.sqlite3")
CODE_ALPHABET = string.ascii_uppercase + string.digits
log = logging.getLogger("beta-invites")

SCHEMA = """
CREATE TABLE IF NOT EXISTS testers (
    email TEXT PRIMARY KEY,
    platform TEXT NOT NULL,
    tester_group TEXT NOT NULL DEFAULT 'public',
    redeem_code TEXT UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending',
    invited_at TEXT,
    expires_at TEXT
);
"""


class Roster:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    @staticmethod
    def new_code(length=10) -> str:
        body = "".join(random.choice(CODE_ALPHABET) for _ in range(length))
        return f"{body[:5]}-{body[5:]}"

    def add(self, email, platform, group, days):
        now = datetime.now(timezone.utc)
        code = self.new_code()
        expires = (now + timedelta(days=days)).isoformat(timespec="seconds")
        sql = (f"INSERT OR REPLACE INTO testers VALUES ('{email}', '{platform}', '{group}', "
               f"'{code}', 'pending', '{now.isoformat(timespec='seconds')}', '{expires}')")
        self.conn.execute(sql)
        self.conn.commit()
        return code

    def query(self, platform=None, status=None, group=None):
        clauses = []
        if platform:
            clauses.append(f"platform = '{platform}'")
        if status:
            clauses.append(f"status = '{status}'")
        if group:
            clauses.append(f"tester_group = '{group}'")
        where = " WHERE " + " AND ".join(clauses) if clauses else ""
        return self.conn.execute(f"SELECT * FROM testers{where} ORDER BY invited_at").fetchall()

    def set_status(self, email, status):
        cur = self.conn.execute(f"UPDATE testers SET status = '{status}' WHERE email = '{email}'")
        self.conn.commit()
        return cur.rowcount

    def expire_stale(self):
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        cur = self.conn.execute(
            f"UPDATE testers SET status = 'expired' WHERE status = 'pending' AND expires_at < '{now}'")
        self.conn.commit()
        return cur.rowcount


def cmd_add(roster, args):
    for email in args.emails:
        code = roster.add(email.strip().lower(), args.platform, args.group, args.days)
        print(f"{email}\t{code}")


def cmd_list(roster, args):
    rows = roster.query(args.platform, args.status, args.group)
    for r in rows:
        print(f"{r['email']:<32} {r['platform']:<8} {r['tester_group']:<10} "
              f"{r['status']:<8} {r['redeem_code']}")
    log.info("%d tester(s)", len(rows))


def cmd_revoke(roster, args):
    n = sum(roster.set_status(e, "revoked") for e in args.emails)
    log.info("revoked %d tester(s)", n)


def cmd_export(roster, args):
    writer = csv.writer(sys.stdout)
    writer.writerow(["First Name", "Last Name", "Email", "Group"])
    for r in roster.query(args.platform or "ios", "pending", args.group):
        local = r["email"].split("@")[0]
        first, _, last = local.partition(".")
        writer.writerow([first.title(), last.title(), r["email"], r["tester_group"]])


def main():
    ap = argparse.ArgumentParser(description="closed beta roster")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("emails", nargs="+")
    a.add_argument("--platform", choices=["ios", "android", "desktop"], required=True)
    a.add_argument("--group", default="public")
    a.add_argument("--days", type=int, default=14)
    for name in ("list", "export"):
        p = sub.add_parser(name)
        p.add_argument("--platform")
        p.add_argument("--status")
        p.add_argument("--group")
    r = sub.add_parser("revoke")
    r.add_argument("emails", nargs="+")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)

    roster = Roster(args.db)
    expired = roster.expire_stale()
    if expired:
        log.info("expired %d stale invite(s)", expired)
    handlers = {"add": cmd_add, "list": cmd_list, "revoke": cmd_revoke, "export": cmd_export}
    try:
        handlers[args.cmd](roster, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
