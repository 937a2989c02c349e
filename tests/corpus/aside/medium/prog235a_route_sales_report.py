#!/usr/bin/env python3
"""Per-route ticket sales report for the depot manager.

Reads the back-office sales database (SQLite export copied into the working
directory), builds a sales summary for the requested routes and date range,
writes it as CSV and then hands it to a small shell step that compresses the
report for the weekly e-mail.
"""

import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date, timedelta

LOG = logging.getLogger("route_sales_report")

PACK_SH = """
set -e
cd "$REPORT_DIR"
gzip -kf "$REPORT_NAME"
ls -l "$REPORT_NAME.gz" | awk '{print $5}'
"""


class SalesDb:
    def __init__(self, path: str):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def route_summary(self, route: str, start: str, end: str):
        # product names and route ids come straight from the command line
        query = (
            "SELECT product, COUNT(*) AS n, SUM(price_cents) AS total "
            f"FROM sales WHERE route = '{route}' "
            f"AND sale_date BETWEEN '{start}' AND '{end}' "
            "GROUP BY product ORDER BY total DESC"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def write_csv(path: str, rows_by_route: dict) -> int:
    count = 0
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["route", "product", "tickets", "revenue"])
        for route, rows in rows_by_route.items():
            for r in rows:
                w.writerow([route, r["product"], r["n"], f"{(r['total'] or 0) / 100:.2f}"])
                count += 1
    return count


def pack(report_path: str) -> None:
    env = dict(os.environ,
               REPORT_DIR=os.path.dirname(os.path.abspath(report_path)),
               REPORT_NAME=os.path.basename(report_path))
    proc = subprocess.run(["bash", "-c", PACK_SH], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("compression failed: %s", proc.stderr.strip())
    else:
        LOG.info("compressed report: %s bytes", proc.stdout.strip())


def main(argv=None) -> int:
    today = date.today()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("routes", nargs="+", help="route ids, e.g. 12 12A X4")
    ap.add_argument("--db", default="./sales_export.sqlite")
    ap.add_argument("--start", default=str(today - timedelta(days=7)))
    ap.add_argument("--end", default=str(today))
    ap.add_argument("--out", default="./route_sales.csv")
    ap.add_argument("--no-pack", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = SalesDb(args.db)
    except FileNotFoundError:
        LOG.error("sales export %s not found", args.db)
        return 1
    results = {}
    try:
        for route in args.routes:
            try:
                results[route] = db.route_summary(route, args.start, args.end)
            except sqlite3.Error as exc:
                LOG.error("route %s: %s", route, exc)
    finally:
        db.close()
    n = write_csv(args.out, results)
    LOG.info("wrote %d rows to %s", n, args.out)
    if not args.no_pack and n:
        pack(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
