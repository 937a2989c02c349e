#!/usr/bin/env python3
"""Look up past care visits for a patient from the scheduling database.

Coordinators use this at the weekly interdisciplinary team meeting to list a
patient's visits (nurse, chaplain, social worker) over a date range. The
query is run by the sqlite3 command-line shell in CSV mode and the result is
printed as a table or written to a CSV file.
"""
import argparse
import csv
import io
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("visit-lookup")

DEFAULT_DB = Path(os.environ.get("CAREVISIT_DB", "carevisit.sqlite3"))
ROLES = ("nurse", "chaplain", "social_worker", "aide", "physician")


class VisitQuery:
    def __init__(self, patient: str, start: str, end: str, role: str = None):
        self.patient = patient
        self.start = start
        self.end = end
        self.role = role

    def sql(self) -> str:
        where = [
            f"v.patient_ref = '{self.patient}'",
            f"v.visit_date BETWEEN '{self.start}' AND '{self.end}'",
        ]
        if self.role:
            where.append(f"s.role = '{self.role}'")
        return (
            "SELECT v.visit_date, v.start_time, s.display_name, s.role, "
            "v.duration_min, v.outcome "
            "FROM visits v JOIN staff s ON s.id = v.staff_id "
            f"WHERE {' AND '.join(where)} "
            "ORDER BY v.visit_date, v.start_time;"
        )


def run_sqlite(db: Path, statement: str) -> list:
    if not shutil.which("sqlite3"):
        raise RuntimeError("sqlite3 command-line shell not installed")
    LOG.debug("SQL: %s", statement)
    proc = subprocess.run(
        ["sqlite3", "-csv", "-header", str(db), statement],
        capture_output=True, text=True, timeout=60,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
    return list(csv.reader(io.StringIO(proc.stdout)))


def print_table(rows: list) -> None:
    if not rows:
        print("no visits found")
        return
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
        if n == 0:
            print("  ".join("-" * w for w in widths))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("patient", help="patient reference, e.g. HP-10432")
    parser.add_argument("--from", dest="start", default=date.today().replace(day=1).isoformat())
    parser.add_argument("--to", dest="end", default=date.today().isoformat())
    parser.add_argument("--role", choices=ROLES)
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--csv", type=Path, help="write result to this CSV file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 1
    query = VisitQuery(args.patient, args.start, args.end, args.role)
    try:
        rows = run_sqlite(args.db, query.sql())
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 1

    if args.csv:
        with args.csv.open("w", newline="") as handle:
            csv.writer(handle).writerows(rows)
        LOG.info("%d visits written to %s", max(len(rows) - 1, 0), args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
