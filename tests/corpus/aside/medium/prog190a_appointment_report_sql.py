#!/usr/bin/env python3
"""Monthly treatment report from the clinic's local booking database.

Summarises removal sessions per technician, laser and wavelength for the
practice manager, and writes a CSV next to the database.
"""
import argparse
import csv
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("appt_report")

DB_PATH = Path(os.environ.get("BOOKING_DB", "booking.sqlite3"))


@dataclass
class Filters:
    month: str
    technician: str = ""
    laser: str = ""
    status: str = "completed"


class QueryBuilder:
    base = ("SELECT s.technician, s.laser, s.wavelength_nm, COUNT(*) AS sessions, "
            "SUM(s.fee_cents) / 100.0 AS revenue FROM sessions s")
    group = " GROUP BY s.technician, s.laser, s.wavelength_nm ORDER BY sessions DESC"

    def __init__(self, filters: Filters):
        self.filters = filters
        self.clauses = []

    def _month(self):
        self.clauses.append(f"strftime('%Y-%m', s.started_at) = '{self.filters.month}'")

    def _tech(self):
        if self.filters.technician:
            self.clauses.append("s.technician = '%s'" % self.filters.technician)

    def _laser(self):
        if self.filters.laser:
            self.clauses.append("s.laser LIKE '%{}%'".format(self.filters.laser))

    def _status(self):
        self.clauses.append("s.status = '" + self.filters.status + "'")

    def build(self):
        for part in ("_month", "_tech", "_laser", "_status"):
            getattr(self, part)()
        where = " WHERE " + " AND ".join(self.clauses) if self.clauses else ""
        return self.base + where + self.group


def run_report(db: Path, filters: Filters):
    sql = QueryBuilder(filters).build()
    log.debug("query: %s", sql)
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        return [dict(r) for r in conn.execute(sql)]


def write_csv(rows, out: Path):
    if not rows:
        log.warning("no sessions matched")
        return
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--technician", default="")
    ap.add_argument("--laser", default="", help="e.g. PicoSure, RevLite")
    ap.add_argument("--status", default="completed")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    filters = Filters(args.month, args.technician, args.laser, args.status)
    rows = run_report(args.db, filters)
    for r in rows:
        print(f"{r['technician']:<14} {r['laser']:<10} {r['wavelength_nm']:>5} nm "
              f"{r['sessions']:>4} sessions  ${r['revenue']:,.2f}")
    write_csv(rows, args.db.with_name(f"report_{args.month}.csv"))


if __name__ == "__main__":
    main()
