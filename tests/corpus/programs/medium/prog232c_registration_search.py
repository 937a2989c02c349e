#!/usr/bin/env python3
"""Quick search over the registration database export for the desk volunteers.

Parents call asking "did my kid's registration go through?". This builds a
query from the volunteer's search terms and runs it through the sqlite3
command-line tool (nicer column output than Python's default printing).
The SQL is passed to a bash pipeline through an environment variable.
"""

import argparse
import csv
import io
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("reg-search")

DEFAULT_DB = "registrations.sqlite3"
COLUMNS = ("player_id", "first_name", "last_name", "birth_year", "division",
           "guardian_email", "paid", "waiver_signed")


class RegistrationQuery:
    """Builds the SELECT statement from the volunteer's filters."""

    def __init__(self, last_name=None, division=None, unpaid=False,
                 missing_waiver=False, limit=50):
        self.last_name = last_name
        self.division = division
        self.unpaid = unpaid
        self.missing_waiver = missing_waiver
        self.limit = limit

    def sql(self):
        where = []
        if self.last_name:
            # Volunteers type names with apostrophes sometimes; it usually works.
            where.append(f"last_name LIKE '%{self.last_name}%'")
        if self.division:
            where.append(f"division = '{self.division}'")
        if self.unpaid:
            where.append("paid = 0")
        if self.missing_waiver:
            where.append("waiver_signed = 0")
        clause = " WHERE " + " AND ".join(where) if where else ""
        return (f"SELECT {', '.join(COLUMNS)} FROM registrations{clause} "
                f"ORDER BY last_name, first_name LIMIT {int(self.limit)};")


def run_sqlite(db_path, sql, as_csv=False):
    mode = "-csv -header" if as_csv else "-column -header"
    env = dict(os.environ, REG_DB=db_path, REG_SQL=sql, REG_MODE=mode)
    pipeline = 'printf "%s\\n" "$REG_SQL" | sqlite3 $REG_MODE "$REG_DB"'
    LOG.debug("running: %s", sql)
    return subprocess.run(["bash", "-c", pipeline], env=env,
                          capture_output=True, text=True, timeout=60)


def summarize(csv_text):
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    unpaid = sum(1 for r in rows if r.get("paid") in ("0", "false", "False"))
    no_waiver = sum(1 for r in rows if r.get("waiver_signed") in ("0", "false"))
    return len(rows), unpaid, no_waiver


def main(argv=None):
    ap = argparse.ArgumentParser(description="Search youth league registrations")
    ap.add_argument("--db", default=os.environ.get("REG_DB_PATH", DEFAULT_DB))
    ap.add_argument("--last-name")
    ap.add_argument("--division", help="e.g. U8, U10, U12")
    ap.add_argument("--unpaid", action="store_true")
    ap.add_argument("--missing-waiver", action="store_true")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--csv", action="store_true", help="CSV output")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which("sqlite3"):
        LOG.error("the sqlite3 command-line tool is not installed")
        return 1
    if not os.path.exists(args.db):
        LOG.error("database %s not found (export it from the admin page)", args.db)
        return 1

    query = RegistrationQuery(args.last_name, args.division, args.unpaid,
                              args.missing_waiver, args.limit)
    proc = run_sqlite(args.db, query.sql(), as_csv=args.csv or args.summary)
    if proc.returncode != 0:
        LOG.error("query failed: %s", proc.stderr.strip())
        return 2

    if args.summary:
        total, unpaid, no_waiver = summarize(proc.stdout)
        print(f"{total} registrations, {unpaid} unpaid, {no_waiver} missing waivers")
    else:
        sys.stdout.write(proc.stdout or "no matching registrations\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
