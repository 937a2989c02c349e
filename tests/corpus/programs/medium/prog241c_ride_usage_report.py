#!/usr/bin/env python3
"""Ride usage report for station managers.

Summarises rides per station from the backend's SQLite export: trip counts,
median duration and the share of rides that ended at a different station.
Managers filter by station prefix, date range and bike type.
"""
import argparse
import csv
import logging
import sqlite3
import statistics
import sys
from collections import defaultdict

LOG = logging.getLogger("usage-report")

REPORT_CFG = {
    "table": "rides",
    "columns": ["start_station", "end_station", "started_at", "duration_s", "bike_type"],
    "order": "start_station",
}


class QueryBuilder:
    def __init__(self, cfg):
        self.cfg = cfg
        self.clauses = []

    def station_prefix(self, prefix):
        if prefix:
            self.clauses.append("start_station LIKE '%s%%'" % prefix)
        return self

    def between(self, since, until):
        if since:
            self.clauses.append(f"started_at >= '{since}'")
        if until:
            self.clauses.append(f"started_at < '{until}'")
        return self

    def bike_type(self, kind):
        if kind:
            self.clauses.append("bike_type = '{}'".format(kind))
        return self

    def build(self):
        sql = "SELECT {cols} FROM {tbl}".format(
            cols=", ".join(self.cfg["columns"]), tbl=self.cfg["table"])
        if self.clauses:
            sql += " WHERE " + " AND ".join(self.clauses)
        return sql + " ORDER BY " + self.cfg["order"]


def summarise(rows):
    per_station = defaultdict(lambda: {"trips": 0, "durations": [], "elsewhere": 0})
    for start, end, _started, duration, _kind in rows:
        s = per_station[start]
        s["trips"] += 1
        if duration is not None:
            s["durations"].append(duration)
        if end and end != start:
            s["elsewhere"] += 1
    out = []
    for station, s in sorted(per_station.items()):
        med = statistics.median(s["durations"]) if s["durations"] else 0
        share = s["elsewhere"] / s["trips"] if s["trips"] else 0.0
        out.append((station, s["trips"], round(med / 60, 1), round(share * 100, 1)))
    return out


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="rides_export.sqlite")
    ap.add_argument("--station", help="station id prefix, e.g. DT-")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--bike-type", choices=None, help="classic, ebike, cargo")
    ap.add_argument("--csv", help="write the report to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    sql = (QueryBuilder(REPORT_CFG)
           .station_prefix(args.station)
           .between(args.since, args.until)
           .bike_type(args.bike_type)
           .build())
    LOG.debug("query: %s", sql)
    try:
        with sqlite3.connect(args.db) as conn:
            rows = conn.execute(sql).fetchall()
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    report = summarise(rows)
    header = ("station", "trips", "median_min", "ended_elsewhere_pct")
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows(report)
        LOG.info("wrote %d rows to %s", len(report), args.csv)
    else:
        w = csv.writer(sys.stdout, delimiter="\t")
        w.writerow(header)
        w.writerows(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
