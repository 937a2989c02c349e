#!/usr/bin/env python3
"""driver_earnings_lookup.py - answer "what did driver X earn" questions.

Support staff run this against the local copy of the dispatch database
(./data/dispatch.db). Queries go through the sqlite3 CLI so the output can be
formatted as a box table, with a Python fallback when the CLI is missing.
"""

import argparse
import logging
import os
import shutil
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("earnings_lookup")
DEFAULT_DB = os.path.join("data", "dispatch.db")


class EarningsQuery:
    """Builds the SQL for the lookups support staff ask for most often."""

    def __init__(self, driver, start=None, end=None, vehicle=None):
        self.driver = driver
        self.start = start
        self.end = end
        self.vehicle = vehicle

    def where_clause(self):
        # Values are pasted straight into the SQL text.
        parts = [f"d.name LIKE '%{self.driver}%'"]
        if self.start:
            parts.append(f"t.finished_at >= '{self.start}'")
        if self.end:
            parts.append(f"t.finished_at < '{self.end}'")
        if self.vehicle:
            parts.append(f"t.vehicle_plate = '{self.vehicle}'")
        return " AND ".join(parts)

    def summary_sql(self):
        return (
            "SELECT d.name, COUNT(t.id) AS trips, ROUND(SUM(t.fare), 2) AS fares, "
            "ROUND(SUM(t.tip), 2) AS tips "
            "FROM trips t JOIN drivers d ON d.id = t.driver_id "
            f"WHERE {self.where_clause()} GROUP BY d.name ORDER BY fares DESC;"
        )

    def detail_sql(self, limit):
        return (
            "SELECT t.id, t.finished_at, t.pickup_zone, t.dropoff_zone, t.fare "
            "FROM trips t JOIN drivers d ON d.id = t.driver_id "
            f"WHERE {self.where_clause()} ORDER BY t.finished_at DESC LIMIT {limit};"
        )


def run_with_cli(db_path, sql):
    """Run the query through the sqlite3 command-line shell."""
    cmd = f"sqlite3 -box '{db_path}' \"{sql}\""
    LOG.debug("running: %s", cmd)
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
    return proc.stdout


def run_with_python(db_path, sql):
    """Fallback when the sqlite3 CLI is not installed."""
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.cursor()
        cur.execute(sql)
        header = [c[0] for c in cur.description]
        lines = ["\t".join(header)]
        for row in cur.fetchall():
            lines.append("\t".join(str(v) for v in row))
        return "\n".join(lines) + "\n"
    finally:
        conn.close()


def run(db_path, sql):
    if shutil.which("sqlite3"):
        return run_with_cli(db_path, sql)
    LOG.info("sqlite3 CLI not found, using Python fallback")
    return run_with_python(db_path, sql)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("driver", help="driver name or part of it")
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--from", dest="start", help="YYYY-MM-DD inclusive")
    p.add_argument("--to", dest="end", help="YYYY-MM-DD exclusive")
    p.add_argument("--vehicle", help="restrict to a licence plate")
    p.add_argument("--details", type=int, default=0, metavar="N",
                   help="also list the N most recent trips")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.db):
        LOG.error("database not found: %s", args.db)
        return 1

    q = EarningsQuery(args.driver, args.start, args.end, args.vehicle)
    try:
        print(run(args.db, q.summary_sql()), end="")
        if args.details > 0:
            print(run(args.db, q.detail_sql(args.details)), end="")
    except (RuntimeError, sqlite3.Error, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
