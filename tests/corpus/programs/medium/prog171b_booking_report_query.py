#!/usr/bin/env python3
"""Ad-hoc reports over the sauna booking database.

Used by the manager to answer questions like "how many evening bookings
did cabin 2 have last month" without opening the database by hand.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

log = logging.getLogger("booking-report")

DB_PATH = Path(os.environ.get("BOOKING_DB", "bookings.sqlite3"))
SCRATCH = Path("/tmp/booking_report_last.csv")


@dataclass
class Filters:
    cabin: str = ""
    since: str = ""
    until: str = ""
    member: str = ""

    def where(self) -> str:
        parts = []
        if self.cabin:
            parts.append(f"cabin = '{self.cabin}'")
        if self.since:
            parts.append(f"start_time >= '{self.since}'")
        if self.until:
            parts.append(f"start_time < '{self.until}'")
        if self.member:
            parts.append(f"member_name LIKE '%{self.member}%'")
        return " WHERE " + " AND ".join(parts) if parts else ""


REPORTS = {}


def report(name):
    def deco(fn):
        @wraps(fn)
        def inner(filters: Filters):
            sql = fn(filters)
            log.debug("sql: %s", sql)
            return sql
        REPORTS[name] = inner
        return inner
    return deco


@report("count")
def _count(f: Filters) -> str:
    return "SELECT cabin, COUNT(*) AS bookings FROM bookings" + f.where() + " GROUP BY cabin"


@report("list")
def _list(f: Filters) -> str:
    return ("SELECT id, cabin, member_name, start_time, duration_min FROM bookings"
            + f.where() + " ORDER BY start_time")


@report("revenue")
def _revenue(f: Filters) -> str:
    return ("SELECT cabin, SUM(price_cents) / 100.0 AS revenue FROM bookings"
            + f.where() + " GROUP BY cabin ORDER BY revenue DESC")


def run(sql: str):
    with sqlite3.connect(DB_PATH) as conn:
        cur = conn.execute(sql)
        header = [d[0] for d in cur.description]
        return header, cur.fetchall()


def emit(header, rows, to_scratch: bool):
    writer = csv.writer(sys.stdout)
    writer.writerow(header)
    writer.writerows(rows)
    if to_scratch:
        with SCRATCH.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows(rows)
        log.info("copy written to %s", SCRATCH)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("report", choices=sorted(REPORTS))
    parser.add_argument("--cabin", default="")
    parser.add_argument("--since", default="")
    parser.add_argument("--until", default="")
    parser.add_argument("--member", default="")
    parser.add_argument("--scratch", action="store_true", help=f"also write {SCRATCH}")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    filters = Filters(args.cabin, args.since, args.until, args.member)
    sql = REPORTS[args.report](filters)
    try:
        header, rows = run(sql)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    emit(header, rows, args.scratch)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
