#!/usr/bin/env python3
"""Daily lift-ticket sales report from the ticket-window SQLite database.

Filters by sales channel and ticket product given on the command line,
writes a CSV per day into ./reports and compresses older reports with a
small shell helper.
"""

import argparse
import csv
import datetime as dt
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("sales-report")

REPORT_DIR = Path("./reports")
ARCHIVE_HELPER = """
set -eu
cd "$REPORT_DIR"
find . -maxdepth 1 -name 'sales_*.csv' -mtime +"$KEEP_DAYS" -print0 |
  xargs -0 -r gzip -9
ls -1 | wc -l
"""


class SalesDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def sales_for(self, day, channel=None, product=None):
        # filters come straight from the CLI
        where = [f"date(sold_at) = '{day}'"]
        if channel:
            where.append(f"channel = '{channel}'")
        if product:
            where.append(f"product LIKE '%{product}%'")
        sql = (
            "SELECT product, channel, COUNT(*) AS n, SUM(price_cents) AS cents "
            "FROM sales WHERE " + " AND ".join(where) +
            " GROUP BY product, channel ORDER BY cents DESC"
        )
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(day, rows):
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / f"sales_{day}.csv"
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["product", "channel", "tickets", "revenue_eur"])
        for r in rows:
            w.writerow([r["product"], r["channel"], r["n"],
                        f"{(r['cents'] or 0) / 100:.2f}"])
    return out


def archive(keep_days):
    env = {"REPORT_DIR": str(REPORT_DIR.resolve()), "KEEP_DAYS": str(keep_days),
           "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(["bash", "-c", ARCHIVE_HELPER], env=env,
                          capture_output=True, text=True)
    if proc.returncode:
        LOG.warning("archive step failed: %s", proc.stderr.strip())
    else:
        LOG.info("%s files in report dir", proc.stdout.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./ticketing.sqlite")
    ap.add_argument("--day", default=dt.date.today().isoformat())
    ap.add_argument("--channel", help="window, online, hotel, ...")
    ap.add_argument("--product", help="substring of product name")
    ap.add_argument("--keep-days", type=int, default=14)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        LOG.error("database %s not found", args.db)
        return 1
    db = SalesDB(args.db)
    try:
        rows = db.sales_for(args.day, args.channel, args.product)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    out = write_csv(args.day, rows)
    total = sum((r["cents"] or 0) for r in rows) / 100
    LOG.info("%d product lines, %.2f EUR -> %s", len(rows), total, out)
    archive(args.keep_days)
    return 0


if __name__ == "__main__":
    sys.exit(main())
