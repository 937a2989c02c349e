#!/usr/bin/env python3
"""Build the daily flow report from the local historian extract database.

The nightly extract job copies the last 35 days of flow-meter samples
into historian_extract.db (SQLite).  This tool aggregates them per station
and writes the CSV the operations manager reviews each morning.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("flow_report")

DB_FILE = "historian_extract.db"
TABLE = "samples"
COLUMNS = {"ts": "ts", "tag": "tag", "val": "value", "q": "quality"}
GOOD_QUALITY = 192

QUERY_PARTS = (
    "SELECT substr({ts},1,10) AS day, {tag}, ",
    "MIN({val}), MAX({val}), AVG({val}), COUNT(*) ",
    "FROM {table} WHERE {tag} LIKE '{pattern}' ",
    "AND {ts} >= '{start}' AND {ts} < '{end}' AND {q} = {good} ",
    "GROUP BY day, {tag} ORDER BY day, {tag}",
)


class ReportQuery:
    def __init__(self, pattern, start, end):
        self.pattern = pattern
        self.start = start
        self.end = end

    def sql(self):
        template = "".join(QUERY_PARTS)
        return template.format(table=TABLE, pattern=self.pattern,
                               start=self.start, end=self.end,
                               good=GOOD_QUALITY, **COLUMNS)


def parse_day(text):
    return dt.datetime.strptime(text, "%Y-%m-%d").date()


def date_window(day, span):
    end = day + dt.timedelta(days=1)
    start = end - dt.timedelta(days=span)
    return start.isoformat(), end.isoformat()


def run_query(db_path, query):
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.cursor()
        statement = query.sql()
        LOG.debug("SQL: %s", statement)
        cur.execute(statement)
        return cur.fetchall()
    finally:
        conn.close()


def write_report(rows, path, units):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["day", "tag", "min_" + units, "max_" + units,
                    "avg_" + units, "samples"])
        for day, tag, lo, hi, avg, n in rows:
            w.writerow([day, tag, "%.2f" % lo, "%.2f" % hi, "%.2f" % avg, n])


def flag_gaps(rows, expected_per_day):
    gaps = []
    for day, tag, _lo, _hi, _avg, n in rows:
        if n < expected_per_day * 0.9:
            gaps.append((day, tag, n))
    return gaps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--station", default="%", help="tag prefix, e.g. PS07")
    ap.add_argument("--day", type=parse_day,
                    default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--span", type=int, default=1)
    ap.add_argument("--units", default="m3h")
    ap.add_argument("--db", default=DB_FILE)
    ap.add_argument("--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.db):
        LOG.error("extract database %s not found", args.db)
        return 1

    start, end = date_window(args.day, args.span)
    pattern = args.station.rstrip("%") + "%_FLOW"
    query = ReportQuery(pattern, start, end)
    try:
        rows = run_query(args.db, query)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2

    out = args.out or "flow_report_%s.csv" % args.day.isoformat()
    write_report(rows, out, args.units)
    for day, tag, n in flag_gaps(rows, expected_per_day=1440):
        LOG.warning("%s %s only %d samples", day, tag, n)
    LOG.info("wrote %d rows to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
