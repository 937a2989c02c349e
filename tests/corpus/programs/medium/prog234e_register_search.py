#!/usr/bin/env python3
"""Search the local copy of the deed register.

The archive admins keep a nightly SQLite copy of the deed register
(register.db in the working directory). This lets them look up deeds by
party name, deed type or date range and prints a short table or CSV.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("register_search")

COLUMNS = ["deed_no", "deed_type", "signed_on", "notary", "party_name", "status"]
SORTABLE = {"deed_no", "signed_on", "party_name"}


class RegisterSearch:
    def __init__(self, db_path: Path):
        if not db_path.exists():
            raise FileNotFoundError(db_path)
        self.conn = sqlite3.connect(str(db_path))
        self.conn.row_factory = sqlite3.Row

    def build_query(self, party=None, deed_type=None, since=None, until=None,
                    order="signed_on", limit=50):
        clauses = []
        if party:
            clauses.append("p.name LIKE '%%%s%%'" % party)
        if deed_type:
            clauses.append("d.deed_type = '%s'" % deed_type)
        if since:
            clauses.append("d.signed_on >= '%s'" % since)
        if until:
            clauses.append("d.signed_on <= '%s'" % until)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        if order not in SORTABLE:
            order = "signed_on"
        return (
            "SELECT d.deed_no, d.deed_type, d.signed_on, d.notary, "
            "p.name AS party_name, d.status "
            "FROM deeds d JOIN parties p ON p.deed_no = d.deed_no"
            "{where} ORDER BY {order} DESC LIMIT {limit}"
        ).format(where=where, order=order, limit=int(limit))

    def search(self, **kwargs):
        sql = self.build_query(**kwargs)
        LOG.debug("query: %s", sql)
        try:
            return [dict(r) for r in self.conn.execute(sql)]
        except sqlite3.Error as exc:
            LOG.error("query failed: %s", exc)
            return []

    def close(self):
        self.conn.close()


def print_table(rows):
    if not rows:
        print("no matching deeds")
        return
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in COLUMNS}
    print("  ".join(c.ljust(widths[c]) for c in COLUMNS))
    print("  ".join("-" * widths[c] for c in COLUMNS))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in COLUMNS))


def write_csv(rows, path: Path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("register.db"))
    ap.add_argument("--party", help="part of a party name")
    ap.add_argument("--type", dest="deed_type", help="deed type code, e.g. POA")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--order", default="signed_on")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--csv", type=Path, help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        reg = RegisterSearch(args.db)
    except FileNotFoundError:
        LOG.error("register copy %s not found", args.db)
        return 1
    try:
        rows = reg.search(party=args.party, deed_type=args.deed_type,
                          since=args.since, until=args.until,
                          order=args.order, limit=args.limit)
    finally:
        reg.close()
    if args.csv:
        write_csv(rows, args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
