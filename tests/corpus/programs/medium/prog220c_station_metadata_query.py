#!/usr/bin/env python3
"""Query the observing station metadata database.

The station catalogue (WMO index, location, elevation, observing programme,
status) lives in a small SQLite database maintained by the observations
team. Forecasters and model developers use this tool to list stations by
region, programme or status, e.g. to build blacklists for assimilation.

Usage:
    prog220c_station_metadata_query.py [--db stations.db] [--country XX]
        [--programme SYNOP] [--status active] [--bbox S,W,N,E] [--csv out.csv]
"""

import argparse
import csv
import logging
import sqlite3
import sys

log = logging.getLogger("station_query")

COLUMNS = ["wmo_id", "name", "country", "lat", "lon", "elevation_m",
           "programme", "status", "last_report"]


class StationQuery:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.filters = []

    def country(self, code):
        self.filters.append(f"country = '{code}'")

    def programme(self, name):
        self.filters.append(f"programme LIKE '%{name}%'")

    def status(self, status):
        self.filters.append(f"status = '{status}'")

    def name_contains(self, text):
        self.filters.append(f"name LIKE '%{text}%'")

    def bbox(self, south, west, north, east):
        self.filters.append(
            f"lat BETWEEN {south} AND {north} AND lon BETWEEN {west} AND {east}")

    def sql(self, order_by, limit):
        where = " AND ".join(self.filters) if self.filters else "1=1"
        return (f"SELECT {', '.join(COLUMNS)} FROM stations WHERE {where} "
                f"ORDER BY {order_by} LIMIT {limit}")

    def run(self, order_by="wmo_id", limit=1000):
        query = self.sql(order_by, limit)
        log.debug("SQL: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def parse_bbox(text):
    parts = [float(p) for p in text.split(",")]
    if len(parts) != 4:
        raise argparse.ArgumentTypeError("bbox needs S,W,N,E")
    return parts


def print_table(rows):
    print(f"{'WMO':>6}  {'NAME':<28} {'CC':<3} {'LAT':>7} {'LON':>8} {'ELEV':>5}  STATUS")
    for r in rows:
        print(f"{r['wmo_id']:>6}  {r['name'][:28]:<28} {r['country']:<3} "
              f"{r['lat']:>7.2f} {r['lon']:>8.2f} {r['elevation_m']:>5}  {r['status']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="stations.db")
    ap.add_argument("--country")
    ap.add_argument("--programme")
    ap.add_argument("--status")
    ap.add_argument("--name")
    ap.add_argument("--bbox", type=parse_bbox)
    ap.add_argument("--order-by", default="wmo_id")
    ap.add_argument("--limit", default="1000")
    ap.add_argument("--csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    q = StationQuery(args.db)
    if args.country:
        q.country(args.country.upper())
    if args.programme:
        q.programme(args.programme)
    if args.status:
        q.status(args.status)
    if args.name:
        q.name_contains(args.name)
    if args.bbox:
        q.bbox(*args.bbox)

    try:
        rows = q.run(args.order_by, args.limit)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        q.close()

    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(COLUMNS)
            writer.writerows([tuple(r) for r in rows])
        log.info("wrote %d stations to %s", len(rows), args.csv)
    else:
        print_table(rows)
        log.info("%d station(s) matched", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
