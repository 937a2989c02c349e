#!/usr/bin/env python3
"""Export validated lab results from the LIS reporting replica.

Used by the audit and the infection-control teams for ad-hoc extracts:

    lis_results_export.py --tests CRP,PCT,LACT --from 2024-03-01 --to 2024-03-31 \
        --ward ICU --out crp_icu_march.csv

The reporting replica is a nightly SQLite snapshot of the LIS results
schema (orders, specimens, results).
"""

import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("lis-export")

BASE_QUERY = """
SELECT o.order_no, o.mrn, o.ward, s.collected_at, r.test_code, r.test_name,
       r.value, r.units, r.abnormal_flag, r.validated_by, r.validated_at
FROM results r
JOIN specimens s ON s.specimen_id = r.specimen_id
JOIN orders o ON o.order_no = s.order_no
WHERE r.status = 'V'
"""


class ExtractQuery:
    """Builds the WHERE clause for an extract from the command-line filters."""

    def __init__(self):
        self.clauses = []

    def tests(self, codes):
        if codes:
            quoted = ", ".join("'{}'".format(c.strip().upper()) for c in codes)
            self.clauses.append("r.test_code IN ({})".format(quoted))
        return self

    def period(self, start, end):
        if start:
            self.clauses.append("s.collected_at >= '{}'".format(start))
        if end:
            self.clauses.append("s.collected_at < '{}'".format(end))
        return self

    def ward(self, ward):
        if ward:
            self.clauses.append(f"o.ward = '{ward}'")
        return self

    def sql(self, limit=None):
        text = BASE_QUERY + "".join(f"  AND {c}\n" for c in self.clauses)
        text += "ORDER BY s.collected_at, o.order_no"
        if limit:
            text += f" LIMIT {int(limit)}"
        return text


def parse_day(value):
    if not value:
        return None
    return dt.date.fromisoformat(value).isoformat()


def next_day(value):
    if not value:
        return None
    return (dt.date.fromisoformat(value) + dt.timedelta(days=1)).isoformat()


def run_export(db_path: Path, query: str, out: Path) -> int:
    uri = f"file:{db_path}?mode=ro"
    with sqlite3.connect(uri, uri=True) as conn:
        cur = conn.execute(query)
        header = [d[0] for d in cur.description]
        n = 0
        with out.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(header)
            for row in cur:
                writer.writerow(row)
                n += 1
    os.chmod(out, 0o600)
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="LIS validated-results extract")
    ap.add_argument("--db", type=Path, default=Path(os.environ.get("LIS_REPLICA", "lis_replica.sqlite")))
    ap.add_argument("--tests", default="", help="comma-separated LIS test codes")
    ap.add_argument("--from", dest="start", help="first collection date (YYYY-MM-DD)")
    ap.add_argument("--to", dest="end", help="last collection date (YYYY-MM-DD)")
    ap.add_argument("--ward")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--out", type=Path, default=Path("lis_extract.csv"))
    ap.add_argument("--show-sql", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("replica %s not found", args.db)
        return 2
    try:
        start, end = parse_day(args.start), next_day(args.end)
    except ValueError as exc:
        LOG.error("bad date: %s", exc)
        return 2

    codes = [c for c in args.tests.split(",") if c.strip()]
    query = ExtractQuery().tests(codes).period(start, end).ward(args.ward).sql(args.limit)
    if args.show_sql:
        print(query)
    try:
        n = run_export(args.db, query, args.out)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    LOG.info("%d rows written to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
