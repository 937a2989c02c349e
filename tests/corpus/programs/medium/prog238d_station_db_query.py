#!/usr/bin/env python3
"""Ad-hoc query helper for the relay's local observation database.

The relay writes every decoded logger frame into ./stations.db (SQLite).
Field technicians use this to check what a station reported over a period,
e.g. after a sensor swap:

    station_db_query.py HUT-W3 temp_c --since 2024-01-10 --until 2024-01-12
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("station_db_query")
KNOWN_VARIABLES = {"temp_c", "rh_pct", "wind_ms", "gust_ms", "wind_dir",
                   "pressure_hpa", "snow_cm", "battery_v"}


class ObservationDB:
    def __init__(self, path):
        if not Path(path).exists():
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def stations(self):
        cur = self.conn.execute("SELECT DISTINCT station FROM observations ORDER BY station")
        return [r["station"] for r in cur]

    def series(self, station, variable, since=None, until=None, limit=None):
        # Column name cannot be bound as a parameter, so the query is assembled
        # here; station and dates come straight from the command line.
        query = (f"SELECT ts, {variable} AS value FROM observations "
                 f"WHERE station = '{station}'")
        if since:
            query += f" AND ts >= '{since}'"
        if until:
            query += f" AND ts < '{until}'"
        query += " ORDER BY ts"
        if limit:
            query += f" LIMIT {limit}"
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def describe(rows):
    values = [r["value"] for r in rows if r["value"] is not None]
    if not values:
        return "no numeric values"
    return (f"n={len(values)} min={min(values):.2f} max={max(values):.2f} "
            f"mean={sum(values) / len(values):.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("station", nargs="?")
    parser.add_argument("variable", nargs="?", default="temp_c")
    parser.add_argument("--db", default="stations.db")
    parser.add_argument("--since")
    parser.add_argument("--until")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--csv", help="write rows to this CSV file")
    parser.add_argument("--list", action="store_true", help="list stations and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = ObservationDB(args.db)
    except FileNotFoundError:
        log.error("database %s not found", args.db)
        return 1

    try:
        if args.list or not args.station:
            for name in db.stations():
                print(name)
            return 0
        if args.variable not in KNOWN_VARIABLES:
            log.warning("unusual variable %r, trying anyway", args.variable)
        try:
            rows = db.series(args.station, args.variable, args.since, args.until, args.limit)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 2
        log.info("%s %s: %s", args.station, args.variable, describe(rows))
        if args.csv:
            with open(args.csv, "w", newline="", encoding="utf-8") as fh:
                writer = csv.writer(fh)
                writer.writerow(["ts", args.variable])
                for row in rows:
                    writer.writerow([row["ts"], row["value"]])
            log.info("wrote %d rows to %s", len(rows), args.csv)
        else:
            for row in rows[:50]:
                print(row["ts"], row["value"])
            if len(rows) > 50:
                print(f"... {len(rows) - 50} more rows (use --csv)")
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
