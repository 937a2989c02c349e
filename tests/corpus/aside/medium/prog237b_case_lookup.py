#!/usr/bin/env python3
"""Look up funeral cases by decedent name, date range or director.

Front-desk helper: builds a query for the arrangements database, runs it
through the sqlite3 command-line tool (the same one the office already uses
for ad-hoc reports) and prints or saves the result as CSV.
"""

import argparse
import csv
import io
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("case-lookup")

COLUMNS = ["case_no", "full_name", "date_of_death", "service_date", "director", "status"]


class CaseQuery:
    def __init__(self, name=None, director=None, since=None, until=None, status=None):
        self.name = name
        self.director = director
        self.since = since
        self.until = until
        self.status = status

    def where(self):
        clauses = []
        if self.name:
            clauses.append(f"d.full_name LIKE '%{self.name}%'")
        if self.director:
            clauses.append(f"c.director = '{self.director}'")
        if self.since:
            clauses.append(f"c.service_date >= '{self.since}'")
        if self.until:
            clauses.append(f"c.service_date <= '{self.until}'")
        if self.status:
            clauses.append(f"c.status = '{self.status}'")
        return " AND ".join(clauses) or "1=1"

    def sql(self, limit):
        cols = ", ".join(
            f"d.{c}" if c in ("full_name", "date_of_death") else f"c.{c}" for c in COLUMNS
        )
        return (
            f"SELECT {cols} FROM cases c JOIN decedents d ON d.case_no = c.case_no "
            f"WHERE {self.where()} ORDER BY c.service_date DESC LIMIT {limit};"
        )


def run_sqlite(db, sql):
    if not shutil.which("sqlite3"):
        raise RuntimeError("sqlite3 command-line tool is not installed")
    script = (
        'sqlite3 -csv -header "$CASE_DB" <<SQL\n'
        ".timeout 2000\n"
        f"{sql}\n"
        "SQL\n"
    )
    env = dict(os.environ, CASE_DB=db)
    LOG.debug("running:\n%s", script)
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"sqlite3 exited {proc.returncode}")
    return proc.stdout


def print_table(csv_text):
    rows = list(csv.reader(io.StringIO(csv_text)))
    if len(rows) <= 1:
        print("no matching cases")
        return
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(v.ljust(w) for v, w in zip(row, widths)))
        if n == 0:
            print("  ".join("-" * w for w in widths))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("FH_CASE_DB", "arrangements.sqlite3"))
    ap.add_argument("--name")
    ap.add_argument("--director")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--status", choices=["open", "scheduled", "closed"])
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        LOG.error("database %s not found", args.db)
        return 2

    query = CaseQuery(args.name, args.director, args.since, args.until, args.status)
    try:
        out = run_sqlite(args.db, query.sql(args.limit))
    except RuntimeError as exc:
        LOG.error("query failed: %s", exc)
        return 1

    if args.csv:
        with open(args.csv, "w", encoding="utf-8", newline="") as fh:
            fh.write(out)
        LOG.warning("saved %d rows to %s", max(out.count("\n") - 1, 0), args.csv)
    else:
        print_table(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
