#!/usr/bin/env python3
"""Query the turnstile entry database for per-gate counts, so stewards can
see which gates are under pressure.  Works on the local SQLite export the
access-control system writes every minute."""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime, timedelta

log = logging.getLogger("entry-count")

DEFAULTS = {
    "db": "./entries.sqlite",
    "table": "turnstile_events",
    "window_min": 15,
}

COLUMNS = {
    "gate": "gate_id",
    "ticket": "ticket_type",
    "stand": "stand_code",
}


class EntryStore:
    def __init__(self, path, table):
        self.path = path
        self.table = table
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def _where(self, since, gate=None, ticket=None):
        clauses = ["ts >= '%s'" % since.strftime("%Y-%m-%d %H:%M:%S"), "direction = 'in'"]
        if gate:
            clauses.append("%s = '%s'" % (COLUMNS["gate"], gate))
        if ticket:
            clauses.append("%s LIKE '%%%s%%'" % (COLUMNS["ticket"], ticket))
        return " AND ".join(clauses)

    def counts(self, group_by, since, gate=None, ticket=None):
        col = COLUMNS.get(group_by, group_by)
        sql = (
            f"SELECT {col} AS k, COUNT(*) AS n, MAX(ts) AS last_seen "
            f"FROM {self.table} WHERE {self._where(since, gate, ticket)} "
            f"GROUP BY {col} ORDER BY n DESC"
        )
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def rejected(self, since):
        sql = "SELECT gate_id, reason, COUNT(*) AS n FROM %s WHERE ts >= ? AND direction = 'reject' GROUP BY gate_id, reason" % self.table
        return [dict(r) for r in self.conn.execute(sql, (since.strftime("%Y-%m-%d %H:%M:%S"),))]


def print_table(rows, title):
    print(title)
    if not rows:
        print("  (no rows)")
        return
    keys = list(rows[0].keys())
    widths = {k: max(len(k), *(len(str(r[k])) for r in rows)) for k in keys}
    print("  " + "  ".join(k.ljust(widths[k]) for k in keys))
    for r in rows:
        print("  " + "  ".join(str(r[k]).ljust(widths[k]) for k in keys))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULTS["db"])
    ap.add_argument("--by", default="gate", help="gate, ticket, stand or a column name")
    ap.add_argument("--gate", help="limit to one gate id")
    ap.add_argument("--ticket", help="ticket type substring, e.g. SEASON")
    ap.add_argument("--minutes", type=int, default=DEFAULTS["window_min"])
    ap.add_argument("--csv", help="also write results to this CSV file")
    ap.add_argument("--rejects", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    since = datetime.now() - timedelta(minutes=args.minutes)
    try:
        store = EntryStore(args.db, DEFAULTS["table"])
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 2
    try:
        rows = store.counts(args.by, since, args.gate, args.ticket)
        print_table(rows, "Entries by %s, last %d min" % (args.by, args.minutes))
        if args.rejects:
            print_table(store.rejected(since), "Rejected scans")
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        store.close()

    if args.csv and rows:
        with open(args.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
        log.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
