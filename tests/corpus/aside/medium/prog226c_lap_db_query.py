#!/usr/bin/env python3
"""Query the team's lap database (SQLite) and export matching laps.

Filters by driver, track, session and tyre compound, prints a summary and
optionally exports the laps to CSV through a generated sqlite3 CLI script so
the strategy group get exactly the same column formatting as their tools.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("lap_db")

EXPORT_TEMPLATE = """#!/bin/bash
set -e
sqlite3 "$LAPDB_PATH" > "$LAPDB_OUT" <<'SQL'
.headers on
.mode csv
{query};
SQL
echo "exported to $LAPDB_OUT"
"""


def build_where(args):
    clauses = []
    if args.driver:
        clauses.append(f"driver = '{args.driver}'")
    if args.track:
        clauses.append(f"track = '{args.track}'")
    if args.session:
        clauses.append(f"session = '{args.session}'")
    if args.compound:
        clauses.append(f"compound = '{args.compound}'")
    if args.max_time:
        clauses.append(f"lap_time <= {args.max_time}")
    if not args.include_invalid:
        clauses.append("valid = 1")
    return (" WHERE " + " AND ".join(clauses)) if clauses else ""


def laps_query(args):
    return ("SELECT event, session, driver, track, lap, compound, tyre_age, "
            "lap_time, s1, s2, s3 FROM laps" + build_where(args) +
            f" ORDER BY {args.order} LIMIT {args.limit}")


def summary_query(args):
    return ("SELECT driver, compound, COUNT(*), MIN(lap_time), AVG(lap_time) FROM laps"
            + build_where(args) + " GROUP BY driver, compound ORDER BY driver, compound")


class LapDB:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.path = path
        self.conn = sqlite3.connect(path)

    def fetch(self, sql):
        LOG.debug("SQL: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def export_csv(db_path, query, out_path, script_dir):
    os.makedirs(script_dir, exist_ok=True)
    script = os.path.join(script_dir, "export_laps.sh")
    with open(script, "w") as fh:
        fh.write(EXPORT_TEMPLATE.format(query=query))
    env = dict(os.environ, LAPDB_PATH=db_path, LAPDB_OUT=out_path)
    proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("export failed: %s", proc.stderr.strip())
        return False
    LOG.info(proc.stdout.strip())
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="./data/laps.sqlite")
    ap.add_argument("--driver")
    ap.add_argument("--track")
    ap.add_argument("--session", help="FP1, FP2, FP3, Q, R")
    ap.add_argument("--compound")
    ap.add_argument("--max-time", type=float)
    ap.add_argument("--include-invalid", action="store_true")
    ap.add_argument("--order", default="lap_time")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--export", metavar="CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = LapDB(args.db)
    except FileNotFoundError:
        LOG.error("lap database %s not found", args.db)
        return 2
    try:
        for driver, compound, n, best, avg in db.fetch(summary_query(args)):
            print(f"{driver:<12} {compound:<5} laps={n:<4} best={best:8.3f} avg={avg:8.3f}")
        rows = db.fetch(laps_query(args))
        LOG.info("%d laps match", len(rows))
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    if args.export:
        ok = export_csv(args.db, laps_query(args), args.export, "./build/lapdb")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
