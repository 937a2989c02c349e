#!/usr/bin/env python3
"""Weekly rider earnings report for the co-op's payroll volunteer.

Reads completed deliveries from the dispatch database and writes a CSV of
per-rider earnings for a week, optionally filtered to one rider or zone.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, datetime, timedelta

log = logging.getLogger("earnings")

DB_PATH = os.environ.get("DISPATCH_DB", "./dispatch.sqlite3")
OUT_PATH = "/tmp/velocoop_earnings.csv"
RATE_TABLE = {"standard": 6.50, "express": 9.00, "cargo": 12.00}


def week_bounds(iso_week):
    year, week = (int(p) for p in iso_week.split("-W"))
    start = datetime.strptime("%d-W%02d-1" % (year, week), "%G-W%V-%u").date()
    return start, start + timedelta(days=7)


def build_query(start, end, rider=None, zone=None):
    sql = (
        "SELECT r.rider_id, r.display_name, d.service, COUNT(*) AS jobs, "
        "SUM(d.distance_km) AS km, SUM(d.tip) AS tips "
        "FROM deliveries d JOIN riders r ON r.rider_id = d.rider_id "
        f"WHERE d.status = 'completed' AND d.completed_at >= '{start}' "
        f"AND d.completed_at < '{end}'"
    )
    if rider:
        sql += f" AND r.display_name = '{rider}'"
    if zone:
        sql += " AND d.zone = '%s'" % zone
    sql += " GROUP BY r.rider_id, d.service ORDER BY r.display_name"
    return sql


def fetch_rows(conn, sql):
    log.debug("query: %s", sql)
    cur = conn.execute(sql)
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def summarise(rows):
    riders = {}
    for row in rows:
        entry = riders.setdefault(row["rider_id"], {
            "rider": row["display_name"], "jobs": 0, "km": 0.0, "base": 0.0, "tips": 0.0,
        })
        rate = RATE_TABLE.get(row["service"], RATE_TABLE["standard"])
        entry["jobs"] += row["jobs"]
        entry["km"] += row["km"] or 0.0
        entry["base"] += rate * row["jobs"]
        entry["tips"] += row["tips"] or 0.0
    for entry in riders.values():
        entry["total"] = round(entry["base"] + entry["tips"], 2)
        entry["km"] = round(entry["km"], 1)
    return sorted(riders.values(), key=lambda e: e["rider"])


def write_csv(entries, path):
    fields = ["rider", "jobs", "km", "base", "tips", "total"]
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for e in entries:
            writer.writerow({k: e[k] for k in fields})
    log.info("wrote %d rider(s) to %s", len(entries), path)


def default_week():
    last = date.today() - timedelta(days=7)
    y, w, _ = last.isocalendar()
    return "%d-W%02d" % (y, w)


def main():
    parser = argparse.ArgumentParser(description="Weekly rider earnings")
    parser.add_argument("--week", default=default_week(), help="ISO week, e.g. 2024-W18")
    parser.add_argument("--rider", help="only this rider (display name)")
    parser.add_argument("--zone", help="only this delivery zone")
    parser.add_argument("--out", default=OUT_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        start, end = week_bounds(args.week)
    except ValueError:
        log.error("bad week %r", args.week)
        return 2
    conn = sqlite3.connect(DB_PATH)
    try:
        rows = fetch_rows(conn, build_query(start, end, args.rider, args.zone))
    finally:
        conn.close()
    entries = summarise(rows)
    write_csv(entries, args.out)
    total = sum(e["total"] for e in entries)
    print("%s: %d riders, %.2f total" % (args.week, len(entries), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
