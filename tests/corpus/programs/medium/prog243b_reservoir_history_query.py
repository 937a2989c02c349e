#!/usr/bin/env python3
"""Query the reservoir history database and export a report.

The dosing controller logs every EC/pH reading into ./reservoir.db
(SQLite). This tool filters by zone and time window, prints statistics and
exports a CSV sorted by the shell's sort utility.
"""
import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta

LOG = logging.getLogger("reservoir-query")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts TEXT NOT NULL,
    zone TEXT NOT NULL,
    ec REAL,
    ph REAL,
    water_temp REAL
)
"""


class ReservoirDB:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def fetch(self, zone: str, since: str, order: str):
        # Zone and ordering come straight from the command line.
        query = (
            f"SELECT ts, zone, ec, ph, water_temp FROM readings "
            f"WHERE zone = '{zone}' AND ts >= '{since}' ORDER BY {order}"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def zones(self):
        return [r[0] for r in self.conn.execute("SELECT DISTINCT zone FROM readings")]

    def close(self):
        self.conn.close()


def stats(rows):
    if not rows:
        return {}
    ec = [r[2] for r in rows if r[2] is not None]
    ph = [r[3] for r in rows if r[3] is not None]
    return {
        "count": len(rows),
        "ec_min": min(ec) if ec else None,
        "ec_max": max(ec) if ec else None,
        "ph_min": min(ph) if ph else None,
        "ph_max": max(ph) if ph else None,
    }


def export_sorted(rows, out_path: str, sort_key: int):
    buf = io.StringIO()
    writer = csv.writer(buf)
    for r in rows:
        writer.writerow(r)
    env = dict(os.environ, SORT_KEY=str(sort_key), OUT_PATH=out_path)
    cmd = 'sort -t, -k"$SORT_KEY","$SORT_KEY" -g | uniq > "$OUT_PATH"'
    proc = subprocess.run(["bash", "-c", cmd], input=buf.getvalue(), text=True,
                          env=env, capture_output=True)
    if proc.returncode != 0:
        LOG.error("sort failed: %s", proc.stderr.strip())
        return False
    LOG.info("exported %d rows to %s", len(rows), out_path)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./reservoir.db")
    ap.add_argument("--zone", help="zone name, e.g. 'lettuce-A'")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--order", default="ts", help="SQL ORDER BY column")
    ap.add_argument("--export", help="CSV file to write (in working dir)")
    ap.add_argument("--sort-col", type=int, default=3, help="1-based CSV column")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    db = ReservoirDB(args.db)
    try:
        if not args.zone:
            for z in db.zones():
                print(z)
            return 0
        since = (datetime.now() - timedelta(days=args.days)).isoformat(timespec="seconds")
        try:
            rows = db.fetch(args.zone, since, args.order)
        except sqlite3.Error as exc:
            LOG.error("query failed: %s", exc)
            return 1
        for k, v in stats(rows).items():
            print(f"{k:8s} {v}")
        if args.export:
            if not export_sorted(rows, args.export, args.sort_col):
                return 2
        return 0
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
