#!/usr/bin/env python3
"""Permit status report from the office SQLite database.

Lists display permits by county, status and date window, and can send
the result straight to the office printer.
"""
import argparse
import csv
import io
import logging
import sqlite3
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("permit_report")

DB_PATH = "permits.sqlite"


@dataclass
class Filters:
    county: str = ""
    status: str = ""
    since: str = ""
    until: str = ""
    order: str = "show_date"

    def where(self):
        parts = []
        if self.county:
            parts.append("county = '%s'" % self.county)
        if self.status:
            parts.append("status = '%s'" % self.status)
        if self.since:
            parts.append("show_date >= '%s'" % self.since)
        if self.until:
            parts.append("show_date <= '%s'" % self.until)
        return (" WHERE " + " AND ".join(parts)) if parts else ""


COLUMNS = ("permit_no", "client", "county", "site", "show_date", "status", "fire_marshal")


def build_query(f):
    return "SELECT {} FROM permits{} ORDER BY {}".format(
        ", ".join(COLUMNS), f.where(), f.order)


def fetch(db, query):
    with sqlite3.connect(db) as conn:
        log.debug("query: %s", query)
        return conn.execute(query).fetchall()


def as_table(rows):
    widths = [max(len(str(c)) for c in col) for col in zip(COLUMNS, *rows)] if rows else [len(c) for c in COLUMNS]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    lines = [fmt.format(*COLUMNS)]
    lines += [fmt.format(*map(str, r)) for r in rows]
    return "\n".join(lines) + "\n"


def as_csv(rows):
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(COLUMNS)
    w.writerows(rows)
    return buf.getvalue()


RENDER = {"table": as_table, "csv": as_csv}


def send_to_printer(text, printer):
    cmd = ["l" + "p"]
    if printer:
        cmd += ["-d", printer]
    res = subprocess.run(cmd, input=text.encode(), capture_output=True, check=False)
    if res.returncode != 0:
        log.error("print failed: %s", res.stderr.decode().strip())
    return res.returncode


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Display permit status report")
    p.add_argument("--db", default=DB_PATH)
    p.add_argument("--county", default="")
    p.add_argument("--status", default="")
    p.add_argument("--since", default="")
    p.add_argument("--until", default="")
    p.add_argument("--order", default="show_date")
    p.add_argument("--format", choices=sorted(RENDER), default="table")
    p.add_argument("--print", dest="printer", nargs="?", const="", default=None)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    f = Filters(args.county, args.status, args.since, args.until, args.order)
    try:
        rows = fetch(args.db, build_query(f))
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    text = RENDER[args.format](rows)
    if args.printer is not None:
        return send_to_printer(text, args.printer)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
