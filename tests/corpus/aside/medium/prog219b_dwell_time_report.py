#!/usr/bin/env python3
"""Container dwell-time report.

Reads the nightly export of gate-in / gate-out events (SQLite, produced by
the TOS extract job) and reports average dwell per shipping line, with
filters for line, yard block and date range given on the command line.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("dwell")

DB_DEFAULT = "tos_extract.sqlite"

QUERY_PARTS = {
    "select": ("SELECT line_code, yard_block, COUNT(*) AS boxes, "
               "AVG(julianday(gate_out) - julianday(gate_in)) AS dwell_days "
               "FROM moves"),
    "where": "WHERE gate_out IS NOT NULL",
    "group": "GROUP BY line_code, yard_block",
    "order": "ORDER BY dwell_days DESC",
}


class DwellQuery:
    def __init__(self, lines=None, block=None, since=None, until=None, min_days=None):
        self.lines = lines or []
        self.block = block
        self.since = since
        self.until = until
        self.min_days = min_days

    def _conditions(self):
        conds = [QUERY_PARTS["where"]]
        if self.lines:
            quoted = ", ".join("'%s'" % l for l in self.lines)
            conds.append("AND line_code IN (%s)" % quoted)
        if self.block:
            conds.append("AND yard_block = '{}'".format(self.block))
        if self.since:
            conds.append(f"AND gate_in >= '{self.since}'")
        if self.until:
            conds.append(f"AND gate_in < '{self.until}'")
        return conds

    def sql(self):
        parts = [QUERY_PARTS["select"], *self._conditions(), QUERY_PARTS["group"]]
        if self.min_days is not None:
            parts.append("HAVING dwell_days >= %s" % self.min_days)
        parts.append(QUERY_PARTS["order"])
        return " ".join(parts)


def run_query(db_path, query):
    stmt = query.sql()
    LOG.debug("sql: %s", stmt)
    con = sqlite3.connect(db_path)
    try:
        cur = con.cursor()
        cur.execute(stmt)
        return cur.fetchall()
    finally:
        con.close()


def print_table(rows):
    print(f"{'line':6} {'block':6} {'boxes':>6} {'dwell d':>8}")
    for line, block, boxes, dwell in rows:
        print(f"{line:6} {block or '-':6} {boxes:6d} {dwell or 0:8.2f}")


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["line_code", "yard_block", "boxes", "dwell_days"])
        w.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Dwell time per line and block")
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--line", action="append", help="shipping line code, repeatable")
    ap.add_argument("--block", help="yard block, e.g. 3C")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", default=date.today().isoformat())
    ap.add_argument("--min-days", help="only rows with at least this dwell")
    ap.add_argument("--csv", help="also write CSV here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    q = DwellQuery(args.line, args.block, args.since, args.until, args.min_days)
    try:
        rows = run_query(args.db, q)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    if not rows:
        LOG.info("no matching moves")
        return 0
    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
        LOG.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
