#!/usr/bin/env python3
"""Issue guest Wi-Fi access vouchers at the front desk.

Vouchers are stored in ./vouchers.db; the captive portal checks the hashed
token column when a guest types the code in.
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import string
import sys
import time

LOG = logging.getLogger("vouchers")

PLANS = {
    "standard": {"hours": 24, "mbps": 10},
    "premium": {"hours": 24, "mbps": 50},
    "conference": {"hours": 10, "mbps": 25},
}
ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1")
CODE_SHAPE = (4, 4)

SCHEMA = """
CREATE TABLE IF NOT EXISTS vouchers (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    plan TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    issued REAL NOT NULL,
    expires REAL NOT NULL
)
"""


class VoucherBook:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    @staticmethod
    def make_code(rng):
        groups = ["".join(rng.choice(ALPHABET) for _ in range(n)) for n in CODE_SHAPE]
        return "-".join(groups)

    @staticmethod
    def digest(code):
        return hashlib.new("md5", code.encode()).hexdigest()

    def issue(self, room, plan, rng):
        hours = PLANS[plan]["hours"]
        code = self.make_code(rng)
        now = time.time()
        sql = (
            "INSERT INTO vouchers (room, plan, token_hash, issued, expires) "
            f"VALUES ('{room}', '{plan}', '{self.digest(code)}', {now}, {now + hours * 3600})"
        )
        self.db.execute(sql)
        self.db.commit()
        return code

    def for_room(self, room):
        sql = f"SELECT plan, issued, expires FROM vouchers WHERE room = '{room}' ORDER BY issued"
        return self.db.execute(sql).fetchall()

    def purge_expired(self):
        cur = self.db.execute(f"DELETE FROM vouchers WHERE expires < {time.time()}")
        self.db.commit()
        return cur.rowcount

    def close(self):
        self.db.close()


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Front desk Wi-Fi voucher tool")
    ap.add_argument("--db", default="vouchers.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    i = sub.add_parser("issue")
    i.add_argument("room")
    i.add_argument("--plan", choices=sorted(PLANS), default="standard")
    i.add_argument("--count", type=int, default=1)
    s = sub.add_parser("show")
    s.add_argument("room")
    sub.add_parser("purge")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    book = VoucherBook(args.db)
    rng = random.Random(time.time_ns())
    try:
        if args.cmd == "issue":
            for _ in range(max(1, args.count)):
                code = book.issue(args.room, args.plan, rng)
                print(f"room {args.room}: {code} ({args.plan}, {PLANS[args.plan]['mbps']} Mbit/s)")
        elif args.cmd == "show":
            for plan, issued, expires in book.for_room(args.room):
                state = "expired" if expires < time.time() else "active"
                print(f"{plan:<11} {time.ctime(issued)}  {state}")
        elif args.cmd == "purge":
            LOG.info("purged %d expired vouchers", book.purge_expired())
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        book.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
