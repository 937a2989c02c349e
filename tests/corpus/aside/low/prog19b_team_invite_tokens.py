#!/usr/bin/env python3
"""Issue, list and redeem one-time team invitation codes.

Codes are random hex strings from the `secrets` module; only a SHA-256
digest of each code is stored so a leaked database cannot be replayed.
"""
import argparse
import hashlib
import logging
import secrets
import sqlite3
import sys
import time

logger = logging.getLogger("invites")


def digest(code):
    return hashlib.sha256(code.encode("ascii")).hexdigest()


class InviteStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS invites ("
            " code_hash TEXT PRIMARY KEY, team TEXT NOT NULL, role TEXT NOT NULL,"
            " expires INTEGER NOT NULL, redeemed_by TEXT)")

    def issue(self, team, role, ttl_hours):
        code = secrets.token_hex(16)
        expires = int(time.time()) + ttl_hours * 3600
        with self.conn:
            self.conn.execute(
                "INSERT INTO invites (code_hash, team, role, expires) VALUES (?, ?, ?, ?)",
                (digest(code), team, role, expires))
        logger.info("issued %s invite for team %s", role, team)
        return code

    def pending(self, team):
        return self.conn.execute(
            "SELECT role, expires FROM invites WHERE team = ? AND redeemed_by IS NULL "
            "AND expires > ? ORDER BY expires", (team, int(time.time()))).fetchall()

    def redeem(self, code, user):
        row = self.conn.execute(
            "SELECT team, role, expires, redeemed_by FROM invites WHERE code_hash = ?",
            (digest(code),)).fetchone()
        if row is None:
            raise LookupError("unknown invite code")
        team, role, expires, redeemed_by = row
        if redeemed_by:
            raise LookupError("invite already used")
        if expires < time.time():
            raise LookupError("invite expired")
        with self.conn:
            self.conn.execute("UPDATE invites SET redeemed_by = ? WHERE code_hash = ?",
                              (user, digest(code)))
        return team, role


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="invites.db")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("team")
    p_issue.add_argument("--role", default="member", choices=["member", "admin"])
    p_issue.add_argument("--ttl", type=int, default=72, help="hours")
    sub.add_parser("list").add_argument("team")
    p_redeem = sub.add_parser("redeem")
    p_redeem.add_argument("code")
    p_redeem.add_argument("user")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = InviteStore(args.db)
    if args.cmd == "issue":
        print(store.issue(args.team, args.role, args.ttl))
    elif args.cmd == "list":
        for role, expires in store.pending(args.team):
            print(f"{role:<8} expires {time.strftime('%Y-%m-%d %H:%M', time.localtime(expires))}")
    else:
        try:
            team, role = store.redeem(args.code, args.user)
        except LookupError as exc:
            logger.error("%s", exc)
            return 1
        print(f"{args.user} joined {team} as {role}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
