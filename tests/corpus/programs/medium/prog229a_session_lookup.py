#!/usr/bin/env python3
"""Look up dialysis treatment sessions in the clinic's local records cache.

The records cache is a SQLite file (treatments.db) synced nightly from the
central system. Charge nurses use this to answer "what happened on chair 7
last Tuesday" questions. Results are pretty-printed through `column`.
"""
import argparse
import csv
import io
import logging
import sqlite3
import subprocess
import sys
from datetime import date, timedelta

LOG = logging.getLogger("session_lookup")

BASE_QUERY = (
    "SELECT s.session_id, s.treatment_date, s.chair, p.mrn, p.last_name, "
    "s.duration_min, s.uf_volume_ml, s.alarm_count "
    "FROM sessions s JOIN patients p ON p.patient_id = s.patient_id"
)


class SessionQuery:
    def __init__(self):
        self.clauses = []

    def chair(self, chair):
        self.clauses.append(f"s.chair = '{chair}'")

    def patient(self, name):
        self.clauses.append(f"p.last_name LIKE '%{name}%'")

    def mrn(self, mrn):
        self.clauses.append(f"p.mrn = '{mrn}'")

    def since(self, day):
        self.clauses.append(f"s.treatment_date >= '{day}'")

    def min_alarms(self, n):
        self.clauses.append(f"s.alarm_count >= {n}")

    def sql(self, order, limit):
        q = BASE_QUERY
        if self.clauses:
            q += " WHERE " + " AND ".join(self.clauses)
        return q + f" ORDER BY {order} DESC LIMIT {limit}"


def run_query(db, sql):
    LOG.debug("SQL: %s", sql)
    conn = sqlite3.connect(db)
    try:
        cur = conn.execute(sql)
        header = [d[0] for d in cur.description]
        return header, cur.fetchall()
    finally:
        conn.close()


def pretty(header, rows):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter="|", lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    try:
        res = subprocess.run(["bash", "-c", 'column -t -s "|"'], input=buf.getvalue(),
                             capture_output=True, text=True, timeout=10)
        if res.returncode == 0:
            return res.stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("column unavailable: %s", exc)
    return buf.getvalue()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./treatments.db")
    ap.add_argument("--chair")
    ap.add_argument("--patient", help="part of the last name")
    ap.add_argument("--mrn")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--min-alarms", type=int)
    ap.add_argument("--order", default="s.treatment_date")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    q = SessionQuery()
    if args.chair:
        q.chair(args.chair)
    if args.patient:
        q.patient(args.patient)
    if args.mrn:
        q.mrn(args.mrn)
    if args.min_alarms is not None:
        q.min_alarms(args.min_alarms)
    q.since((date.today() - timedelta(days=args.days)).isoformat())

    try:
        header, rows = run_query(args.db, q.sql(args.order, args.limit))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    if not rows:
        print("no sessions found")
        return 0
    sys.stdout.write(pretty(header, rows))
    LOG.info("%d sessions", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
