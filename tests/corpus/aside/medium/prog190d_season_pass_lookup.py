#!/usr/bin/env python3
"""Season pass lookup and renewal codes for the lido front desk.

Looks up season-pass holders in the local SQLite copy of the membership
database and issues short renewal codes that the customer types in online.
"""
import argparse
import logging
import os
import random
import sqlite3
import string
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("passdesk")

DB_PATH = Path(os.environ.get("PASS_DB", "season_passes.db"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS passes (
    pass_no TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    postcode TEXT,
    expires TEXT,
    renewal_code TEXT
);
"""


@dataclass
class PassQuery:
    field: str
    value: str

    def where(self):
        if self.field == "name":
            return f"holder LIKE '%{self.value}%'"
        return f"{self.field} = '{self.value}'"


class PassDesk:
    alphabet = string.ascii_uppercase + string.digits

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def find(self, q: PassQuery):
        sql = "SELECT pass_no, holder, postcode, expires FROM passes WHERE " + q.where()
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def new_code(self, length=6):
        return "".join(random.choice(self.alphabet) for _ in range(length))

    def issue_renewal(self, pass_no):
        code = self.new_code()
        self.conn.execute(
            "UPDATE passes SET renewal_code = '%s' WHERE pass_no = '%s'" % (code, pass_no))
        self.conn.commit()
        return code

    def expiring(self, days):
        cutoff = (date.today() + timedelta(days=days)).isoformat()
        return self.conn.execute(
            f"SELECT pass_no, holder, expires FROM passes WHERE expires <= '{cutoff}'"
        ).fetchall()


def cmd_find(desk, args):
    for row in desk.find(PassQuery(args.by, args.value)):
        print(" | ".join(str(c) for c in row))


def cmd_renew(desk, args):
    print(f"renewal code for {args.pass_no}: {desk.issue_renewal(args.pass_no)}")


def cmd_expiring(desk, args):
    for row in desk.expiring(args.days):
        print(f"{row[0]:<10} {row[1]:<30} {row[2]}")


def main():
    ap = argparse.ArgumentParser(description="Season pass desk tool")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--by", choices=["name", "pass_no", "postcode"], default="name")
    f.add_argument("value")
    r = sub.add_parser("renew")
    r.add_argument("pass_no")
    e = sub.add_parser("expiring")
    e.add_argument("--days", type=int, default=14)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    handlers = {"find": cmd_find, "renew": cmd_renew, "expiring": cmd_expiring}
    handlers[args.cmd](PassDesk(DB_PATH), args)


if __name__ == "__main__":
    main()
