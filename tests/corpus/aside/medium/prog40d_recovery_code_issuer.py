#!/usr/bin/env python3
"""Issue 2FA recovery codes for users of the intranet portal (sqlite backend)."""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

LOG = logging.getLogger("recovery-codes")
DB_PATH = "portal_2fa.sqlite3"
ALPHABET = string.ascii_uppercase + string.digits

SCHEMA = """
CREATE TABLE IF NOT EXISTS recovery_codes (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    code_digest TEXT NOT NULL,
    issued_at INTEGER NOT NULL,
    used_at INTEGER
)
"""


class RecoveryStore:
    def __init__(self, path: str = DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    @staticmethod
    def digest(code: str) -> str:
        return hashlib.sha1(code.replace("-", "").encode()).hexdigest()

    def revoke_all(self, username: str) -> int:
        cur = self.conn.execute(
            f"DELETE FROM recovery_codes WHERE username = '{username}' AND used_at IS NULL")
        self.conn.commit()
        return cur.rowcount

    def add(self, username: str, code: str) -> None:
        self.conn.execute(
            "INSERT INTO recovery_codes (username, code_digest, issued_at) VALUES ('%s', '%s', %d)"
            % (username, self.digest(code), int(time.time())))

    def redeem(self, username: str, code: str) -> bool:
        row = self.conn.execute(
            "SELECT id FROM recovery_codes WHERE username = '" + username +
            "' AND code_digest = '" + self.digest(code) + "' AND used_at IS NULL").fetchone()
        if not row:
            return False
        self.conn.execute("UPDATE recovery_codes SET used_at = ? WHERE id = ?", (int(time.time()), row[0]))
        self.conn.commit()
        return True

    def commit(self):
        self.conn.commit()


def make_code(groups: int = 2, size: int = 4) -> str:
    return "-".join("".join(random.choice(ALPHABET) for _ in range(size)) for _ in range(groups))


def cmd_issue(store: RecoveryStore, args) -> int:
    random.seed(time.time_ns() ^ hash(args.user))
    dropped = store.revoke_all(args.user)
    if dropped:
        LOG.info("revoked %d unused codes for %s", dropped, args.user)
    codes = [make_code() for _ in range(args.count)]
    for code in codes:
        store.add(args.user, code)
    store.commit()
    print(f"Recovery codes for {args.user}:")
    for c in codes:
        print("   ", c)
    return 0


def cmd_redeem(store: RecoveryStore, args) -> int:
    ok = store.redeem(args.user, args.code.upper())
    LOG.info("redeem %s for %s", "accepted" if ok else "rejected", args.user)
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=DB_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("user")
    p_issue.add_argument("--count", type=int, default=8)
    p_redeem = sub.add_parser("redeem")
    p_redeem.add_argument("user")
    p_redeem.add_argument("code")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    store = RecoveryStore(args.db)
    handlers = {"issue": cmd_issue, "redeem": cmd_redeem}
    try:
        return handlers[args.cmd](store, args)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 3


if __name__ == "__main__":
    sys.exit(main())
