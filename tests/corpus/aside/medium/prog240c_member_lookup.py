#!/usr/bin/env python3
"""Look up cooperative members and their recent meter usage.

A desk tool for the member-services team: search by name fragment, meter
serial or postcode, and print a table of matching members with their last
billed consumption.  The table is aligned by piping it through `column`.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("member-lookup")

SEARCH_FIELDS = {
    "name": "m.full_name",
    "meter": "mt.serial",
    "postcode": "m.postcode",
}


class MemberDirectory:
    def __init__(self, db_path):
        if not os.path.exists(db_path):
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def search(self, field, term, period, limit):
        column = SEARCH_FIELDS[field]
        query = (
            "SELECT m.member_id, m.full_name, m.postcode, mt.serial, "
            "COALESCE(b.kwh, 0) AS kwh, COALESCE(b.amount, 0) AS amount "
            "FROM members m "
            "JOIN meters mt ON mt.member_id = m.member_id "
            "LEFT JOIN bills b ON b.member_id = m.member_id "
            f"AND b.period = '{period}' "
            f"WHERE {column} LIKE '%{term}%' "
            f"ORDER BY m.full_name LIMIT {limit}"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def format_rows(rows):
    lines = ["ID\tNAME\tPOSTCODE\tMETER\tKWH\tAMOUNT"]
    for r in rows:
        lines.append("\t".join([
            str(r["member_id"]), r["full_name"], r["postcode"], r["serial"],
            f"{r['kwh']:.1f}", f"{r['amount']:.2f}",
        ]))
    return "\n".join(lines) + "\n"


def print_table(text):
    try:
        result = subprocess.run(["column", "-t", "-s", "\t"], input=text,
                                capture_output=True, text=True, check=True)
        sys.stdout.write(result.stdout)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.debug("column unavailable (%s), printing raw", exc)
        sys.stdout.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("term", help="text to search for")
    ap.add_argument("--by", choices=sorted(SEARCH_FIELDS), default="name")
    ap.add_argument("--period", default=os.environ.get("BILL_PERIOD", "2024-05"))
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--db", default=os.environ.get("COOP_DB", "coop.sqlite3"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        directory = MemberDirectory(args.db)
    except FileNotFoundError:
        LOG.error("database %s not found", args.db)
        return 1

    try:
        rows = directory.search(args.by, args.term, args.period, args.limit)
    except sqlite3.Error as exc:
        LOG.error("search failed: %s", exc)
        return 1
    finally:
        directory.close()

    if not rows:
        print("no members found")
        return 0
    print_table(format_rows(rows))
    print(f"{len(rows)} member(s), period {args.period}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
