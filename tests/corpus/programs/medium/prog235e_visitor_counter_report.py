#!/usr/bin/env python3
"""Visitor counter report.

The gallery entrance sensors append counts into visitors.db (SQLite, in the
working directory). This tool queries it for one exhibit hall and date range
through the sqlite3 command-line shell and prints a daily summary, optionally
as CSV for the education team.
"""
import argparse
import csv
import datetime as dt
import io
import logging
import os
import subprocess
import sys

DB_PATH = "visitors.db"

log = logging.getLogger("visitor-report")


class SqliteShell:
    """Runs SQL through the sqlite3 CLI and returns rows as lists."""

    def __init__(self, db_path, binary="sqlite3"):
        self.db_path = db_path
        self.binary = binary

    def query(self, sql):
        log.debug("SQL: %s", sql)
        proc = subprocess.run([self.binary, "-csv", self.db_path],
                              input=sql, capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
        return list(csv.reader(io.StringIO(proc.stdout)))


def build_daily_query(hall, start, end, min_count):
    # Hall names come from the front-desk UI drop-down.
    return (
        "SELECT date(ts) AS day, SUM(count) AS visitors, MAX(count) AS peak "
        "FROM entrance_counts "
        f"WHERE hall = '{hall}' AND date(ts) BETWEEN '{start}' AND '{end}' "
        "GROUP BY day "
        f"HAVING SUM(count) >= {min_count} "
        "ORDER BY day;"
    )


def build_halls_query():
    return "SELECT DISTINCT hall FROM entrance_counts ORDER BY hall;"


def parse_date(text):
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError("dates must be YYYY-MM-DD")


def parse_args():
    today = dt.date.today()
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--hall", help="exhibit hall, e.g. 'Space Gallery'")
    p.add_argument("--start", type=parse_date, default=today - dt.timedelta(days=7))
    p.add_argument("--end", type=parse_date, default=today)
    p.add_argument("--min-count", type=int, default=0)
    p.add_argument("--db", default=os.environ.get("VISITOR_DB", DB_PATH))
    p.add_argument("--csv", action="store_true", help="emit CSV instead of a table")
    p.add_argument("--list-halls", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def print_table(rows):
    print("%-12s %10s %8s" % ("day", "visitors", "peak"))
    total = 0
    for day, visitors, peak in rows:
        print("%-12s %10s %8s" % (day, visitors, peak))
        total += int(visitors or 0)
    print("%-12s %10d" % ("total", total))


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.db):
        log.error("database %s not found", args.db)
        return 1
    shell = SqliteShell(args.db)
    try:
        if args.list_halls:
            for (hall,) in shell.query(build_halls_query()):
                print(hall)
            return 0
        if not args.hall:
            log.error("--hall is required unless --list-halls is given")
            return 2
        rows = shell.query(build_daily_query(args.hall, args.start, args.end, args.min_count))
    except (RuntimeError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.error("query failed: %s", exc)
        return 1
    if not rows:
        log.info("no visits recorded for %s in that range", args.hall)
        return 0
    if args.csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(["day", "visitors", "peak"])
        writer.writerows(rows)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
