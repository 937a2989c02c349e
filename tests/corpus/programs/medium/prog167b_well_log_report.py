#!/usr/bin/env python3
"""Report on completed wells from the drilling log database.

Produces a per-county summary of depth, static water level and yield for
the wells completed in a date range, for the state well-completion filing.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("well-report")

DB_PATH = Path("data/drilling_logs.db")

COLUMNS = {
    "well_id": "w.well_id",
    "owner": "c.name",
    "county": "w.county",
    "completed": "w.completed_on",
    "depth_ft": "w.total_depth_ft",
    "swl_ft": "w.static_level_ft",
    "yield_gpm": "w.yield_gpm",
}


def build_query(county, start, end, min_yield, order_by):
    fields = ", ".join(f"{expr} AS {alias}" for alias, expr in COLUMNS.items())
    where = [f"w.completed_on BETWEEN '{start}' AND '{end}'"]
    if county:
        where.append(f"w.county = '{county}'")
    if min_yield is not None:
        where.append(f"w.yield_gpm >= {min_yield}")
    return (
        f"SELECT {fields} FROM wells w JOIN customers c ON c.id = w.customer_id "
        f"WHERE {' AND '.join(where)} ORDER BY {order_by}"
    )


def fetch(conn, sql):
    log.debug("query: %s", sql)
    cur = conn.execute(sql)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def summarise(rows):
    by_county = {}
    for row in rows:
        entry = by_county.setdefault(row["county"], {"wells": 0, "depth": 0.0, "yield": 0.0})
        entry["wells"] += 1
        entry["depth"] += row["depth_ft"] or 0
        entry["yield"] += row["yield_gpm"] or 0
    for entry in by_county.values():
        entry["avg_depth"] = round(entry["depth"] / entry["wells"], 1)
        entry["avg_yield"] = round(entry["yield"] / entry["wells"], 1)
    return by_county


def write_csv(rows, path):
    if not rows:
        return
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description="Completed well report")
    parser.add_argument("--county")
    parser.add_argument("--start", required=True, help="YYYY-MM-DD")
    parser.add_argument("--end", required=True, help="YYYY-MM-DD")
    parser.add_argument("--min-yield", type=float)
    parser.add_argument("--order-by", default="w.completed_on")
    parser.add_argument("--csv", type=Path)
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    conn = sqlite3.connect(args.db)
    try:
        sql = build_query(args.county, args.start, args.end, args.min_yield, args.order_by)
        rows = fetch(conn, sql)
    finally:
        conn.close()

    for county, stats in sorted(summarise(rows).items()):
        print(f"{county:<16} wells={stats['wells']:>4} "
              f"avg_depth={stats['avg_depth']:>7} ft avg_yield={stats['avg_yield']:>6} gpm")
    if args.csv:
        write_csv(rows, args.csv)
        log.info("wrote %d rows to %s", len(rows), args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
