#!/usr/bin/env python3
"""Penalty charge notice ledger query tool.

Lets the car park office look up penalty charge notices by plate, status or
date range in the local SQLite ledger and export the result for appeals.
"""
import argparse
import csv
import logging
import sqlite3
import sys

LOG = logging.getLogger("pcn-ledger")

DEFAULT_DB = "pcn_ledger.sqlite3"
COLUMNS = ("pcn_ref", "plate", "issued_at", "zone", "amount", "status")


class Ledger:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def ensure_schema(self):
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS notices (pcn_ref TEXT PRIMARY KEY, plate TEXT,"
            " issued_at TEXT, zone TEXT, amount REAL, status TEXT)")

    @staticmethod
    def _where(filters):
        clauses = []
        for column, value in filters.items():
            if value is None:
                continue
            if column == "since":
                clauses.append(f"issued_at >= '{value}'")
            elif column == "until":
                clauses.append(f"issued_at <= '{value}'")
            else:
                clauses.append(f"{column} = '{value}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def search(self, order_by="issued_at", **filters):
        sql = f"SELECT {', '.join(COLUMNS)} FROM notices{self._where(filters)} ORDER BY {order_by}"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def set_status(self, ref, status):
        self.conn.execute(f"UPDATE notices SET status = '{status}' WHERE pcn_ref = '{ref}'")
        self.conn.commit()


def export(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([r[c] for c in COLUMNS])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--plate")
    p.add_argument("--status")
    p.add_argument("--zone")
    p.add_argument("--since")
    p.add_argument("--until")
    p.add_argument("--order", default="issued_at")
    p.add_argument("--mark", nargs=2, metavar=("REF", "STATUS"))
    p.add_argument("--export")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        ledger = Ledger(args.db)
        ledger.ensure_schema()
        if args.mark:
            ledger.set_status(*args.mark)
            LOG.info("notice %s marked %s", *args.mark)
            return 0
        plate = args.plate.replace(" ", "").upper() if args.plate else None
        rows = ledger.search(order_by=args.order, plate=plate, status=args.status,
                             zone=args.zone, since=args.since, until=args.until)
    except sqlite3.Error as exc:
        LOG.error("ledger error: %s", exc)
        return 1
    for r in rows:
        print(" | ".join(str(r[c]) for c in COLUMNS))
    LOG.info("%d notices", len(rows))
    if args.export:
        export(rows, args.export)
        LOG.info("exported to %s", args.export)
    return 0


if __name__ == "__main__":
    sys.exit(main())
