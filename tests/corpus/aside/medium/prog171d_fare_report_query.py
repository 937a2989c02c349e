#!/usr/bin/env python3
"""Fare and load reports from the booking database.

Used by the terminal office to answer questions like "how many foot
passengers on the 07:30 last week" or "revenue by fare class for a route".
"""

import argparse
import csv
import functools
import logging
import os
import sqlite3
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("fare_report")

DB_PATH = os.environ.get("BOOKING_DB", "./bookings.sqlite")


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            log.debug("%s took %.3fs", fn.__name__, time.perf_counter() - start)
    return wrapper


@dataclass
class Filters:
    route: str = ""
    date_from: str = ""
    date_to: str = ""
    fare_class: str = ""
    departure: str = ""

    def clauses(self):
        parts = []
        if self.route:
            parts.append("b.route_code = '%s'" % self.route)
        if self.date_from:
            parts.append("s.sail_date >= '%s'" % self.date_from)
        if self.date_to:
            parts.append("s.sail_date <= '%s'" % self.date_to)
        if self.fare_class:
            parts.append("b.fare_class = '{}'".format(self.fare_class))
        if self.departure:
            parts.append(f"s.depart_time = '{self.departure}'")
        return parts

    def where(self):
        c = self.clauses()
        return ("WHERE " + " AND ".join(c)) if c else ""


class Reports:
    base = ("FROM bookings b JOIN sailings s ON s.sailing_id = b.sailing_id "
            "{where} GROUP BY {group} ORDER BY {order}")

    def __init__(self, conn):
        self.conn = conn

    def _build(self, select, group, order, filters):
        sql = "SELECT " + select + " " + self.base.format(
            where=filters.where(), group=group, order=order)
        log.debug("sql: %s", sql)
        return sql

    @timed
    def revenue(self, filters):
        sql = self._build("b.fare_class, COUNT(*), ROUND(SUM(b.fare_paid), 2)",
                          "b.fare_class", "3 DESC", filters)
        return ["fare_class", "bookings", "revenue"], self.conn.execute(sql).fetchall()

    @timed
    def loads(self, filters):
        sql = self._build(
            "s.sail_date, s.depart_time, SUM(b.adults + b.children), "
            "SUM(b.vehicles)", "s.sail_date, s.depart_time", "1, 2", filters)
        return ["date", "departure", "passengers", "vehicles"], \
            self.conn.execute(sql).fetchall()

    @timed
    def no_shows(self, filters):
        extra = "b.checked_in = 0"
        f = filters.where()
        where = (f + " AND " + extra) if f else ("WHERE " + extra)
        sql = ("SELECT b.booking_ref, b.surname, s.sail_date, s.depart_time "
               "FROM bookings b JOIN sailings s ON s.sailing_id = b.sailing_id "
               + where + " ORDER BY s.sail_date")
        return ["booking_ref", "surname", "date", "departure"], \
            self.conn.execute(sql).fetchall()


def write_output(header, rows, path):
    out = open(path, "w", newline="") if path else sys.stdout
    try:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(rows)
    finally:
        if path:
            out.close()


def main():
    parser = argparse.ArgumentParser(description="booking reports")
    parser.add_argument("report", choices=["revenue", "loads", "no_shows"])
    parser.add_argument("--route")
    parser.add_argument("--from", dest="date_from")
    parser.add_argument("--to", dest="date_to")
    parser.add_argument("--fare-class")
    parser.add_argument("--departure")
    parser.add_argument("--out")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    filters = Filters(route=args.route or "", date_from=args.date_from or "",
                      date_to=args.date_to or "",
                      fare_class=args.fare_class or "",
                      departure=args.departure or "")
    conn = sqlite3.connect(args.db)
    try:
        header, rows = getattr(Reports(conn), args.report)(filters)
    finally:
        conn.close()
    write_output(header, rows, args.out)
    log.info("%d rows", len(rows))


if __name__ == "__main__":
    main()
