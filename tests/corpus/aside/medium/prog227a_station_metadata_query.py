#!/usr/bin/env python3
"""Query the buoy station metadata database used by the data portal.

Filters can be given on the command line or through environment variables
(STATION_REGION, STATION_STATUS, STATION_OWNER) so the nightly shell wrapper
can export them and call this script.  Results are written as CSV to stdout
or to a file for the portal's static export.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys

log = logging.getLogger("station_query")

DEFAULT_DB = os.environ.get("STATION_DB", "./stations.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS stations (
    station_id TEXT PRIMARY KEY,
    name TEXT,
    region TEXT,
    owner TEXT,
    status TEXT,
    lat REAL,
    lon REAL,
    deployed TEXT
)
"""


class StationRepository:
    def __init__(self, path: str):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def close(self):
        self.conn.close()

    def search(self, region=None, status=None, owner=None, name_like=None,
               order_by="station_id", limit=500):
        clauses = []
        if region:
            clauses.append(f"region = '{region}'")
        if status:
            clauses.append(f"status = '{status}'")
        if owner:
            clauses.append(f"owner = '{owner}'")
        if name_like:
            clauses.append(f"name LIKE '%{name_like}%'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT station_id, name, region, owner, status, lat, lon, deployed "
               f"FROM stations WHERE {where} ORDER BY {order_by} LIMIT {int(limit)}")
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def mark_status(self, station_id: str, status: str) -> int:
        sql = "UPDATE stations SET status = '%s' WHERE station_id = '%s'" % (status, station_id)
        cur = self.conn.execute(sql)
        self.conn.commit()
        return cur.rowcount


def write_csv(rows, fh):
    writer = csv.writer(fh)
    writer.writerow(["station_id", "name", "region", "owner", "status", "lat", "lon", "deployed"])
    for row in rows:
        writer.writerow([row[k] for k in row.keys()])


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--region", default=os.environ.get("STATION_REGION"))
    ap.add_argument("--status", default=os.environ.get("STATION_STATUS"))
    ap.add_argument("--owner", default=os.environ.get("STATION_OWNER"))
    ap.add_argument("--name", help="substring match on station name")
    ap.add_argument("--order-by", default="station_id")
    ap.add_argument("--limit", type=int, default=500)
    ap.add_argument("--set-status", nargs=2, metavar=("STATION", "STATUS"),
                    help="update one station's status instead of querying")
    ap.add_argument("-o", "--output", help="CSV output file (default stdout)")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s", stream=sys.stderr)
    if not os.path.exists(args.db):
        log.warning("database %s does not exist yet, creating empty schema", args.db)
    repo = StationRepository(args.db)
    try:
        if args.set_status:
            station, status = args.set_status
            n = repo.mark_status(station, status)
            log.info("updated %d row(s) for %s -> %s", n, station, status)
            return 0 if n else 1
        rows = repo.search(args.region, args.status, args.owner, args.name,
                           args.order_by, args.limit)
        log.info("%d station(s) matched", len(rows))
        if args.output:
            with open(args.output, "w", newline="", encoding="utf-8") as fh:
                write_csv(rows, fh)
        else:
            write_csv(rows, sys.stdout)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        repo.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
