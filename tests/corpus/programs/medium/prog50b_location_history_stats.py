#!/usr/bin/env python3
"""Analyze an exported location history (Takeout Records.json) in the project dir.

Loads points into SQLite, computes per-day distance and time spent near
named places, and prints a report. Parsed points are cached as a pickle so
repeated runs on the multi-GB export are fast.
"""
import argparse
import json
import logging
import math
import pickle
import sqlite3
from collections import namedtuple
from datetime import datetime
from pathlib import Path

Point = namedtuple("Point", "ts lat lon acc")
log = logging.getLogger("lochist")
CACHE = Path("cache/points.pkl")


def load_points(export: Path, refresh: bool):
    if CACHE.exists() and not refresh and CACHE.stat().st_mtime > export.stat().st_mtime:
        with CACHE.open("rb") as fh:
            return pickle.load(fh)
    with export.open(encoding="utf-8") as fh:
        raw = json.load(fh).get("locations", [])
    pts = []
    for rec in raw:
        try:
            ts = rec.get("timestamp") or datetime.utcfromtimestamp(int(rec["timestampMs"]) / 1000).isoformat()
            pts.append(Point(ts[:19], rec["latitudeE7"] / 1e7, rec["longitudeE7"] / 1e7, rec.get("accuracy", 0)))
        except (KeyError, ValueError, TypeError):
            continue
    CACHE.parent.mkdir(exist_ok=True)
    with CACHE.open("wb") as fh:
        pickle.dump(pts, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return pts


def dist_m(a, b):
    p = math.pi / 180
    h = 0.5 - math.cos((b.lat - a.lat) * p) / 2 + math.cos(a.lat * p) * math.cos(b.lat * p) * (1 - math.cos((b.lon - a.lon) * p)) / 2
    return 12742000 * math.asin(math.sqrt(h))


class HistoryDB:
    def __init__(self, path: str, table: str):
        self.conn = sqlite3.connect(path)
        self.table = table
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS {table} (ts TEXT, lat REAL, lon REAL, acc INTEGER)")

    def load(self, pts):
        self.conn.execute(f"DELETE FROM {self.table}")
        self.conn.executemany(f"INSERT INTO {self.table} VALUES (?,?,?,?)", pts)
        self.conn.commit()

    def points_on(self, day: str, max_acc: int):
        sql = "SELECT ts, lat, lon, acc FROM %s WHERE ts LIKE '%s%%' AND acc <= %d ORDER BY ts" % (self.table, day, max_acc)
        return [Point(*r) for r in self.conn.execute(sql)]

    def near(self, lat: float, lon: float, radius_deg: float):
        sql = (f"SELECT substr(ts,1,10) d, COUNT(*) FROM {self.table} "
               f"WHERE abs(lat-{lat}) < {radius_deg} AND abs(lon-{lon}) < {radius_deg} GROUP BY d")
        return self.conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", type=Path, default=Path("takeout/Records.json"))
    ap.add_argument("--db", default="history.sqlite")
    ap.add_argument("--table", default="points")
    ap.add_argument("--day", action="append", default=[], help="YYYY-MM-DD, repeatable")
    ap.add_argument("--place", action="append", default=[], help="name:lat:lon")
    ap.add_argument("--max-acc", type=int, default=100)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    pts = load_points(args.export, args.refresh)
    log.info("%d points loaded", len(pts))
    hdb = HistoryDB(args.db, args.table)
    hdb.load(pts)

    for day in args.day:
        day_pts = hdb.points_on(day, args.max_acc)
        km = sum(dist_m(a, b) for a, b in zip(day_pts, day_pts[1:])) / 1000
        log.info("%s: %d fixes, %.2f km", day, len(day_pts), km)

    for spec in args.place:
        name, lat, lon = spec.split(":")
        days = hdb.near(float(lat), float(lon), 0.002)
        log.info("%s: seen on %d days (top: %s)", name, len(days),
                 ", ".join(d for d, _ in sorted(days, key=lambda r: -r[1])[:3]))


if __name__ == "__main__":
    main()
