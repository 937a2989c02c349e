#!/usr/bin/env python3
"""Equipment loan ledger for the fencing club's kit cupboard.

Tracks which member has which club blade, mask, lamé or body wire, when
it went out and when it is due back.  Stored in a local SQLite file so
the armourer can run it from the club laptop.

    loan_ledger.py out  --member "A. Fencer" --item MASK-014 --days 28
    loan_ledger.py back --item MASK-014
    loan_ledger.py list [--overdue] [--member NAME] [--kind mask]
"""
import argparse
import datetime as dt
import logging
import sqlite3
import sys
from contextlib import closing

log = logging.getLogger("loan_ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    size TEXT,
    notes TEXT
);
CREATE TABLE IF NOT EXISTS loans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    item TEXT NOT NULL REFERENCES items(code),
    member TEXT NOT NULL,
    out_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    back_date TEXT
);
"""


class Ledger:
    list_sql = (
        "SELECT l.id, l.item, i.kind, l.member, l.out_date, l.due_date "
        "FROM loans l JOIN items i ON i.code = l.item WHERE l.back_date IS NULL"
    )

    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def ensure_item(self, code, kind):
        self.db.execute("INSERT OR IGNORE INTO items(code, kind) VALUES (?, ?)", (code, kind))

    def lend(self, item, member, days):
        today = dt.date.today()
        due = today + dt.timedelta(days=days)
        open_loan = self.db.execute(
            "SELECT member FROM loans WHERE item = ? AND back_date IS NULL", (item,)).fetchone()
        if open_loan:
            raise ValueError(f"{item} is already out with {open_loan[0]}")
        self.db.execute(
            "INSERT INTO loans(item, member, out_date, due_date) VALUES (?, ?, ?, ?)",
            (item, member, today.isoformat(), due.isoformat()))
        self.db.commit()
        return due

    def give_back(self, item):
        cur = self.db.execute(
            "UPDATE loans SET back_date = ? WHERE item = ? AND back_date IS NULL",
            (dt.date.today().isoformat(), item))
        self.db.commit()
        return cur.rowcount

    def _filters(self, member=None, kind=None, overdue=False):
        clauses = []
        if member:
            clauses.append("l.member LIKE '%%%s%%'" % member)
        if kind:
            clauses.append("i.kind = '%s'" % kind.lower())
        if overdue:
            clauses.append("l.due_date < '%s'" % dt.date.today().isoformat())
        return clauses

    def outstanding(self, **filters):
        sql = self.list_sql
        for clause in self._filters(**filters):
            sql += " AND " + clause
        sql += " ORDER BY l.due_date"
        log.debug("query: %s", sql)
        with closing(self.db.cursor()) as cur:
            cur.execute(sql)
            return cur.fetchall()


def kind_from_code(code):
    prefix = code.split("-", 1)[0].upper()
    return {"MASK": "mask", "BLD": "blade", "LAME": "lame",
            "BW": "bodywire", "JKT": "jacket", "GLV": "glove"}.get(prefix, "other")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="kit_loans.sqlite")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    p_out = sub.add_parser("out")
    p_out.add_argument("--member", required=True)
    p_out.add_argument("--item", required=True)
    p_out.add_argument("--days", type=int, default=28)

    p_back = sub.add_parser("back")
    p_back.add_argument("--item", required=True)

    p_list = sub.add_parser("list")
    p_list.add_argument("--member")
    p_list.add_argument("--kind")
    p_list.add_argument("--overdue", action="store_true")

    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ledger = Ledger(args.db)

    try:
        if args.cmd == "out":
            ledger.ensure_item(args.item, kind_from_code(args.item))
            due = ledger.lend(args.item, args.member, args.days)
            print(f"{args.item} lent to {args.member}, due back {due:%d %b %Y}")
        elif args.cmd == "back":
            n = ledger.give_back(args.item)
            print(f"{args.item} returned" if n else f"{args.item} was not out on loan")
        else:
            rows = ledger.outstanding(member=args.member, kind=args.kind, overdue=args.overdue)
            for loan_id, item, kind, member, out_d, due_d in rows:
                print(f"{loan_id:>4}  {item:<10} {kind:<9} {member:<24} out {out_d}  due {due_d}")
            print(f"{len(rows)} item(s) outstanding")
    except (ValueError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
