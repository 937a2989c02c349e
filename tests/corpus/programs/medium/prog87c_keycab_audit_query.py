#!/usr/bin/env python3
"""Query the key-cabinet audit trail.

The key-cabinet controller writes every issue/return into a local SQLite
database (keycab_audit.db).  Depot supervisors use this to answer "who had
the key for road 7 points on Tuesday night" without opening the vendor GUI.

Examples:
    prog87c_keycab_audit_query.py --slot 14 --since 2024-03-01
    prog87c_keycab_audit_query.py --badge 0412 --overdue
    prog87c_keycab_audit_query.py --where "duration_min > 480" --csv out.csv
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("keycab-audit")

BASE_QUERY = """
SELECT e.id, e.slot, s.label, e.badge, b.holder, e.issued_at, e.returned_at,
       CAST((julianday(COALESCE(e.returned_at, 'now')) - julianday(e.issued_at)) * 1440 AS INTEGER)
           AS duration_min
FROM events e
LEFT JOIN slots s ON s.slot = e.slot
LEFT JOIN badges b ON b.badge = e.badge
"""


class AuditQuery:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.clauses = []
        self.order = "e.issued_at DESC"
        self.limit = 500

    def slot(self, slot):
        self.clauses.append(f"e.slot = {slot}")
        return self

    def badge(self, badge):
        self.clauses.append(f"e.badge = '{badge}'")
        return self

    def holder(self, name):
        self.clauses.append(f"b.holder LIKE '%{name}%'")
        return self

    def since(self, day):
        self.clauses.append(f"e.issued_at >= '{day}'")
        return self

    def overdue(self, hours):
        self.clauses.append(
            f"e.returned_at IS NULL AND e.issued_at < datetime('now', '-{hours} hours')")
        return self

    def raw(self, expr):
        self.clauses.append(f"({expr})")
        return self

    def sql(self):
        text = BASE_QUERY
        if self.clauses:
            text += "WHERE " + " AND ".join(self.clauses) + "\n"
        text += f"ORDER BY {self.order} LIMIT {self.limit}"
        return text

    def run(self):
        q = self.sql()
        log.debug("query:\n%s", q)
        return self.conn.execute(q).fetchall()


def emit(rows, csv_path):
    cols = ["id", "slot", "label", "badge", "holder", "issued_at", "returned_at", "duration_min"]
    if csv_path:
        with open(csv_path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(cols)
            for r in rows:
                w.writerow([r[c] for c in cols])
        log.info("%d rows written to %s", len(rows), csv_path)
        return
    for r in rows:
        ret = r["returned_at"] or "OUT"
        print(f"{r['issued_at']:<20} slot {r['slot']:>3} {r['label'] or '':<22} "
              f"{r['badge']:<6} {r['holder'] or '?':<22} {ret:<20} {r['duration_min']:>6} min")


def main():
    ap = argparse.ArgumentParser(description="key-cabinet audit trail")
    ap.add_argument("--db", default="keycab_audit.db")
    ap.add_argument("--slot", type=int)
    ap.add_argument("--badge")
    ap.add_argument("--holder")
    ap.add_argument("--since", default=str(date.today() - timedelta(days=7)))
    ap.add_argument("--overdue", action="store_true")
    ap.add_argument("--overdue-hours", type=int, default=12)
    ap.add_argument("--where", help="extra SQL condition for ad-hoc questions")
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    q = AuditQuery(args.db)
    q.limit = args.limit
    if args.slot is not None:
        q.slot(args.slot)
    if args.badge:
        q.badge(args.badge)
    if args.holder:
        q.holder(args.holder)
    if args.since:
        q.since(args.since)
    if args.overdue:
        q.overdue(args.overdue_hours)
    if args.where:
        q.raw(args.where)
    try:
        rows = q.run()
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    emit(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
