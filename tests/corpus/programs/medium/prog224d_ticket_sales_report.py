#!/usr/bin/env python3
"""ticket_sales_report.py - nightly ticket sales report per screen.

Queries the local box-office SQLite export (boxoffice.db in the working
directory) for one business day, writes a CSV per screen and compresses
the day's output folder with a small shell step.
"""

import argparse
import csv
import datetime
import logging
import os
import sqlite3
import subprocess
import sys

log = logging.getLogger("sales_report")


class SalesReport:
    def __init__(self, db_path, outdir):
        self.db_path = db_path
        self.outdir = outdir
        self.conn = None

    def open(self):
        if not os.path.exists(self.db_path):
            raise FileNotFoundError(self.db_path)
        self.conn = sqlite3.connect(self.db_path)
        self.conn.row_factory = sqlite3.Row
        return self

    def close(self):
        if self.conn is not None:
            self.conn.close()

    def screens(self):
        rows = self.conn.execute("SELECT DISTINCT screen FROM sales ORDER BY screen")
        return [r["screen"] for r in rows]

    def sales_for(self, day, screen, ticket_type=None):
        # Query text is assembled from the command-line values.
        query = (
            "SELECT performance_time, film_title, ticket_type, "
            "COUNT(*) AS tickets, SUM(price_cents) AS revenue "
            f"FROM sales WHERE business_day = '{day}' AND screen = '{screen}'"
        )
        if ticket_type:
            query += f" AND ticket_type = '{ticket_type}'"
        query += " GROUP BY performance_time, film_title, ticket_type ORDER BY performance_time"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def write_csv(self, day, screen, rows):
        os.makedirs(os.path.join(self.outdir, day), exist_ok=True)
        path = os.path.join(self.outdir, day, f"screen_{screen}.csv")
        with open(path, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(["performance", "film", "type", "tickets", "revenue"])
            for r in rows:
                writer.writerow([r["performance_time"], r["film_title"],
                                 r["ticket_type"], r["tickets"],
                                 "%.2f" % ((r["revenue"] or 0) / 100)])
        return path


def compress_day(outdir, day):
    """Pack the day's CSVs with tar+gzip via a bash step."""
    env = dict(os.environ, REPORT_DIR=outdir, REPORT_DAY=day)
    script = ('cd "$REPORT_DIR" && tar -czf "sales_$REPORT_DAY.tar.gz" "$REPORT_DAY" '
              '&& ls -l "sales_$REPORT_DAY.tar.gz"')
    result = subprocess.run(["bash", "-c", script], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        log.warning("compression failed: %s", result.stderr.strip())
    else:
        log.info("archive: %s", result.stdout.strip())


def parse_args(argv):
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="boxoffice.db")
    ap.add_argument("--day", default=yesterday)
    ap.add_argument("--screen", action="append", default=[])
    ap.add_argument("--ticket-type")
    ap.add_argument("--outdir", default="reports")
    ap.add_argument("--no-compress", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    report = SalesReport(args.db, args.outdir)
    try:
        report.open()
        screens = args.screen or report.screens()
        total = 0
        for screen in screens:
            rows = report.sales_for(args.day, screen, args.ticket_type)
            path = report.write_csv(args.day, screen, rows)
            total += sum(r["tickets"] for r in rows)
            log.info("screen %s: %d rows -> %s", screen, len(rows), path)
        log.info("total tickets on %s: %d", args.day, total)
    except (sqlite3.Error, FileNotFoundError) as exc:
        log.error("report failed: %s", exc)
        return 1
    finally:
        report.close()
    if not args.no_compress:
        compress_day(args.outdir, args.day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
