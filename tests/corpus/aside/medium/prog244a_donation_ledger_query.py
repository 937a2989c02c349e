#!/usr/bin/env python3
"""Donation ledger query tool.

Lets the cathedral treasurer pull quick reports from the kiosk's SQLite
ledger: totals per fund, donations by a named donor, or everything in a
date range, optionally written out as CSV.
"""
import argparse
import csv
import hashlib
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("ledger")

DB_DEFAULT = os.environ.get("LEDGER_DB", "./ledger.sqlite3")

REPORTS = {
    "totals": {
        "cols": "fund, COUNT(*) AS gifts, SUM(amount_pence)/100.0 AS total",
        "group": "fund",
        "order": "total DESC",
    },
    "donor": {
        "cols": "created_at, donor_name, fund, amount_pence/100.0 AS amount",
        "group": None,
        "order": "created_at",
    },
    "range": {
        "cols": "created_at, fund, method, amount_pence/100.0 AS amount",
        "group": None,
        "order": "created_at",
    },
}


class QueryBuilder:
    """Assembles report SQL from the report table and CLI filters."""

    def __init__(self, report):
        self.spec = REPORTS[report]
        self.filters = []

    def where(self, column, value, op="="):
        if value is None:
            return self
        self.filters.append("%s %s '%s'" % (column, op, value))
        return self

    def sql(self, table="donations"):
        parts = ["SELECT {cols} FROM {table}".format(cols=self.spec["cols"], table=table)]
        if self.filters:
            parts.append("WHERE " + " AND ".join(self.filters))
        if self.spec["group"]:
            parts.append("GROUP BY " + self.spec["group"])
        parts.append("ORDER BY " + self.spec["order"])
        return " ".join(parts)


class Ledger:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def run(self, sql):
        LOG.debug("sql: %s", sql)
        cur = self.conn.execute(sql)
        return [dict(r) for r in cur.fetchall()]

    def close(self):
        self.conn.close()


def cache_name(sql):
    return "report-%s.csv" % hashlib.md5(sql.encode()).hexdigest()[:12]


def write_csv(rows, path):
    if not rows:
        return 0
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def parse_args(argv):
    p = argparse.ArgumentParser(description="donation ledger reports")
    p.add_argument("report", choices=sorted(REPORTS))
    p.add_argument("--db", default=DB_DEFAULT)
    p.add_argument("--donor", help="donor name (donor report)")
    p.add_argument("--fund", help="restrict to one fund")
    p.add_argument("--since", help="YYYY-MM-DD")
    p.add_argument("--until", help="YYYY-MM-DD")
    p.add_argument("--csv", action="store_true", help="write CSV beside the ledger")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    qb = (QueryBuilder(args.report)
          .where("donor_name", args.donor)
          .where("fund", args.fund)
          .where("created_at", args.since, ">=")
          .where("created_at", args.until, "<="))
    sql = qb.sql()
    try:
        ledger = Ledger(args.db)
    except FileNotFoundError as exc:
        LOG.error("ledger not found: %s", exc)
        return 1
    try:
        rows = ledger.run(sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        ledger.close()
    for row in rows:
        print("  ".join("%s=%s" % kv for kv in row.items()))
    if args.csv:
        out = os.path.join(os.path.dirname(os.path.abspath(args.db)), cache_name(sql))
        LOG.info("wrote %d rows to %s", write_csv(rows, out), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
