#!/usr/bin/env python3
"""Temperature excursion report for the cold store rooms.

The room loggers append readings to ./coldstore.db (SQLite). Fruit
insurance and the export certificate both want a list of every period a
room sat above its setpoint band. This tool queries the readings for a room
and date range and prints the excursions as CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime

LOG = logging.getLogger("excursion-report")


class Excursion:
    def __init__(self, room, start, temp):
        self.room = room
        self.start = start
        self.end = start
        self.peak = temp
        self.readings = 1

    def extend(self, ts, temp):
        self.end = ts
        self.peak = max(self.peak, temp)
        self.readings += 1

    def minutes(self):
        fmt = "%Y-%m-%d %H:%M:%S"
        return (datetime.strptime(self.end, fmt) - datetime.strptime(self.start, fmt)).seconds // 60


def fetch_readings(conn, room, date_from, date_to, order):
    query = ("SELECT ts, temp_c FROM readings "
             "WHERE room = '%s' AND ts >= '%s' AND ts < '%s' "
             "ORDER BY ts %s" % (room, date_from, date_to, order))
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def setpoint(conn, room):
    row = conn.execute("SELECT setpoint_c, band_c FROM rooms WHERE name = ?",
                       (room,)).fetchone()
    if row is None:
        raise LookupError("unknown room %s" % room)
    return row


def find_excursions(room, readings, limit, min_readings):
    found, current = [], None
    for ts, temp in readings:
        if temp > limit:
            if current is None:
                current = Excursion(room, ts, temp)
            else:
                current.extend(ts, temp)
        elif current is not None:
            if current.readings >= min_readings:
                found.append(current)
            current = None
    if current is not None and current.readings >= min_readings:
        found.append(current)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="coldstore.db")
    ap.add_argument("--room", required=True, help="room name, e.g. CA-04")
    ap.add_argument("--from", dest="date_from", required=True)
    ap.add_argument("--to", dest="date_to", required=True)
    ap.add_argument("--order", default="ASC")
    ap.add_argument("--min-readings", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1

    try:
        sp, band = setpoint(conn, args.room)
        readings = fetch_readings(conn, args.room, args.date_from, args.date_to, args.order)
    except (sqlite3.Error, LookupError) as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()

    limit = sp + band
    LOG.info("room %s: %d readings, limit %.1f C", args.room, len(readings), limit)
    excursions = find_excursions(args.room, readings, limit, args.min_readings)

    out = csv.writer(sys.stdout)
    out.writerow(["room", "start", "end", "minutes", "peak_c", "readings"])
    for ex in excursions:
        out.writerow([ex.room, ex.start, ex.end, ex.minutes(), "%.1f" % ex.peak, ex.readings])
    LOG.info("%d excursion(s) found", len(excursions))
    return 0


if __name__ == "__main__":
    sys.exit(main())
