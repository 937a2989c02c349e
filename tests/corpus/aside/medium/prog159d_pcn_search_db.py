#!/usr/bin/env python3
"""Search the local PCN database used by the notice processing desk.

Lets officers look up notices by VRM, street or status and print a
short history of each one.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("pcn-search")

DEFAULT_DB = Path("data/pcn.sqlite3")
COLUMNS = ("pcn", "vrm", "street", "code", "issued", "status", "amount")
SORTABLE = {"issued", "amount", "street", "status"}


class PcnStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def _where(self, filters):
        clauses = []
        if filters.get("vrm"):
            clauses.append(f"vrm = '{filters['vrm'].upper().replace(' ', '')}'")
        if filters.get("street"):
            clauses.append(f"street LIKE '%{filters['street']}%'")
        if filters.get("status"):
            clauses.append(f"status = '{filters['status']}'")
        if filters.get("since"):
            clauses.append(f"issued >= '{filters['since']}'")
        return " WHERE " + " AND ".join(clauses) if clauses else ""

    def search(self, filters, order, limit):
        sql = f"SELECT {', '.join(COLUMNS)} FROM notices{self._where(filters)}"
        sql += f" ORDER BY {order} DESC LIMIT {int(limit)}"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def history(self, pcn):
        sql = f"SELECT at, event, actor FROM events WHERE pcn = '{pcn}' ORDER BY at"
        return self.conn.execute(sql).fetchall()


def print_row(row):
    print(f"{row['pcn']:<12} {row['vrm']:<9} {row['code']:>3} {row['issued']:<19} "
          f"{row['status']:<10} £{row['amount']:>6.2f}  {row['street']}")


def main():
    parser = argparse.ArgumentParser(description="Search penalty charge notices")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--vrm")
    parser.add_argument("--street")
    parser.add_argument("--status")
    parser.add_argument("--since", help="YYYY-MM-DD")
    parser.add_argument("--order", default="issued")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--history", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if args.order not in SORTABLE:
        print(f"cannot sort by {args.order}", file=sys.stderr)
        return 2
    if not args.db.exists():
        print(f"database {args.db} not found", file=sys.stderr)
        return 1

    store = PcnStore(args.db)
    try:
        filters = {"vrm": args.vrm, "street": args.street, "status": args.status, "since": args.since}
        rows = store.search(filters, args.order, args.limit)
        for row in rows:
            print_row(row)
            if args.history:
                for ev in store.history(row["pcn"]):
                    print(f"    {ev['at']}  {ev['event']:<20} {ev['actor']}")
        print(f"{len(rows)} notice(s)")
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
