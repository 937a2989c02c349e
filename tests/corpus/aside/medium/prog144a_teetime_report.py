#!/usr/bin/env python3
"""Tee time utilisation report.

Reads the booking database (sqlite copy exported nightly) and prints
utilisation per course and per hour band for a date range. Report options
(courses, hour bands, member categories) live in report.yaml.
"""
import argparse
import logging
import sqlite3
import sys
from collections import defaultdict

import yaml

log = logging.getLogger("teetime_report")

DEFAULT_CONFIG = {
    "courses": ["Championship", "Parkland"],
    "bands": [[6, 9], [9, 12], [12, 15], [15, 19]],
    "slots_per_hour": 6,
}


def load_config(path):
    try:
        with open(path) as fh:
            # config sometimes carries python tuples from the old generator
            cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    except FileNotFoundError:
        log.info("no %s, using defaults", path)
        cfg = {}
    merged = dict(DEFAULT_CONFIG)
    merged.update(cfg)
    return merged


def fetch_bookings(con, course, start, end, category=None):
    sql = (
        "SELECT tee_date, tee_hour, players FROM bookings "
        f"WHERE course = '{course}' AND tee_date BETWEEN '{start}' AND '{end}'"
    )
    if category:
        sql += f" AND member_category = '{category}'"
    log.debug("query: %s", sql)
    return con.execute(sql).fetchall()


def band_of(hour, bands):
    for lo, hi in bands:
        if lo <= hour < hi:
            return f"{lo:02d}-{hi:02d}"
    return None


class Report:
    def __init__(self, cfg, days):
        self.cfg = cfg
        self.days = days
        self.used = defaultdict(int)

    def add(self, course, hour, players):
        band = band_of(hour, self.cfg["bands"])
        if band:
            self.used[(course, band)] += players

    def capacity(self, band):
        lo, hi = (int(x) for x in band.split("-"))
        # four players per slot
        return (hi - lo) * self.cfg["slots_per_hour"] * 4 * self.days

    def render(self):
        lines = [f"{'course':<14}{'band':<8}{'players':>8}{'util':>8}"]
        for (course, band), players in sorted(self.used.items()):
            cap = self.capacity(band)
            pct = 100.0 * players / cap if cap else 0.0
            lines.append(f"{course:<14}{band:<8}{players:>8}{pct:>7.1f}%")
        return "\n".join(lines)


def day_count(con, start, end):
    row = con.execute("SELECT julianday(?) - julianday(?) + 1", (end, start)).fetchone()
    return max(1, int(row[0] or 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--config", default="report.yaml")
    ap.add_argument("--start", required=True)
    ap.add_argument("--end", required=True)
    ap.add_argument("--category", help="member category filter, e.g. senior")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    try:
        con = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1

    rep = Report(cfg, day_count(con, args.start, args.end))
    for course in cfg["courses"]:
        try:
            rows = fetch_bookings(con, course, args.start, args.end, args.category)
        except sqlite3.Error as exc:
            log.error("query failed for %s: %s", course, exc)
            continue
        for _date, hour, players in rows:
            rep.add(course, int(hour), int(players))
    con.close()
    print(rep.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
