#!/usr/bin/env python3
"""Batch report for the wax production database (SQLite)."""
import argparse
import csv
import io
import logging
import os
import subprocess
import sys
from datetime import date, timedelta

LOG = logging.getLogger("batch-report")

REPORT_SH = r"""#!/bin/bash
sqlite3 -header -csv "$BATCH_DB" <<SQL
$REPORT_QUERY
SQL
"""


class ReportQuery:
    def __init__(self, wax_line, since, operator=None, min_kg=0.0):
        self.wax_line = wax_line
        self.since = since
        self.operator = operator
        self.min_kg = min_kg

    def sql(self):
        q = ("SELECT batch_id, wax_line, operator, poured_on, kg, melt_c "
             "FROM batches "
             f"WHERE wax_line = '{self.wax_line}' "
             f"AND poured_on >= '{self.since}' "
             f"AND kg >= {self.min_kg}")
        if self.operator:
            q += f" AND operator = '{self.operator}'"
        return q + " ORDER BY poured_on;"


def run_query(db_path, query):
    env = dict(os.environ, BATCH_DB=db_path, REPORT_QUERY=query.sql())
    LOG.debug("query: %s", env["REPORT_QUERY"])
    res = subprocess.run(["bash", "-c", REPORT_SH], env=env,
                         capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return list(csv.DictReader(io.StringIO(res.stdout)))


def summarise(rows):
    total = sum(float(r["kg"]) for r in rows)
    by_op = {}
    for r in rows:
        by_op[r["operator"]] = by_op.get(r["operator"], 0.0) + float(r["kg"])
    return total, by_op


def write_csv(rows, path):
    if not rows:
        return
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="production.db")
    ap.add_argument("--line", required=True, help="e.g. glide-fluoro-free")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--operator")
    ap.add_argument("--min-kg", type=float, default=0.0)
    ap.add_argument("--out", default="batch_report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    since = (date.today() - timedelta(days=args.days)).isoformat()
    query = ReportQuery(args.line, since, args.operator, args.min_kg)
    try:
        rows = run_query(args.db, query)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 1
    total, by_op = summarise(rows)
    print(f"{args.line}: {len(rows)} batches, {total:.1f} kg since {since}")
    for op, kg in sorted(by_op.items(), key=lambda kv: -kv[1]):
        print(f"  {op:<16}{kg:>8.1f} kg")
    write_csv(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
