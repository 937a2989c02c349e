#!/usr/bin/env python3
"""Yield report from the harvest database.

Harvest crews log every flush (room, strain, block count, fresh weight) into
a small SQLite database on the office PC.  This produces the weekly yield
report per strain and biological efficiency per room.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("yield")

DB_PATH = Path(os.environ.get("HARVEST_DB", "harvest.sqlite"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS flushes (
    id INTEGER PRIMARY KEY,
    harvested_on TEXT NOT NULL,
    room TEXT NOT NULL,
    strain TEXT NOT NULL,
    flush_no INTEGER NOT NULL,
    blocks INTEGER NOT NULL,
    fresh_kg REAL NOT NULL,
    dry_substrate_kg REAL NOT NULL
)
"""

# report name -> (columns, group by)
REPORTS = {
    "strain": ("strain, SUM(fresh_kg) AS kg, SUM(blocks) AS blocks", "strain"),
    "room": ("room, ROUND(100.0 * SUM(fresh_kg) / SUM(dry_substrate_kg), 1) AS be_pct", "room"),
    "flush": ("strain, flush_no, ROUND(AVG(fresh_kg / blocks), 3) AS kg_per_block",
              "strain, flush_no"),
}


class HarvestDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def _where(self, start, end, strain, room):
        clauses = [f"harvested_on BETWEEN '{start}' AND '{end}'"]
        if strain:
            clauses.append(f"strain = '{strain}'")
        if room:
            clauses.append(f"room = '{room}'")
        return " AND ".join(clauses)

    def report(self, kind, start, end, strain=None, room=None):
        cols, group = REPORTS[kind]
        sql = (f"SELECT {cols} FROM flushes WHERE {self._where(start, end, strain, room)} "
               f"GROUP BY {group} ORDER BY {group}")
        LOG.debug("query: %s", sql)
        cur = self.conn.execute(sql)
        header = [d[0] for d in cur.description]
        return header, cur.fetchall()

    def import_csv(self, path):
        with path.open(newline="") as fh:
            rows = [(r["date"], r["room"], r["strain"], int(r["flush"]), int(r["blocks"]),
                     float(r["fresh_kg"]), float(r["dry_kg"])) for r in csv.DictReader(fh)]
        self.conn.executemany(
            "INSERT INTO flushes (harvested_on, room, strain, flush_no, blocks, fresh_kg, "
            "dry_substrate_kg) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        self.conn.commit()
        return len(rows)


def main():
    today = dt.date.today()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", choices=sorted(REPORTS))
    ap.add_argument("--from", dest="start", default=str(today - dt.timedelta(days=7)))
    ap.add_argument("--to", dest="end", default=str(today))
    ap.add_argument("--strain")
    ap.add_argument("--room")
    ap.add_argument("--import-csv", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    db = HarvestDB(DB_PATH)
    if args.import_csv:
        LOG.info("imported %d flushes", db.import_csv(args.import_csv))
    header, rows = db.report(args.report, args.start, args.end, args.strain, args.room)
    out = csv.writer(sys.stdout)
    out.writerow(header)
    out.writerows(rows)


if __name__ == "__main__":
    main()
