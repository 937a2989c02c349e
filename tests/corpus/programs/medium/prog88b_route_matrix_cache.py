#!/usr/bin/env python3
"""Distance/duration matrix cache for the truck route planner.

Asking the routing engine for an N x N matrix of pickup and drop-off stops is
the slowest part of planning a day, and most stops (storage facilities,
the depot, repeat customers) recur.  Matrices are cached in a small SQLite
file keyed by the ordered stop list and the engine profile, and expire after
a configurable age so road closures eventually show up.
"""
import argparse
import hashlib
import json
import logging
import pickle
import sqlite3
import sys
import time
import urllib.parse
import urllib.request

log = logging.getLogger("matrix-cache")

ENGINE = "http://routing.internal:5000"
SCHEMA = """
CREATE TABLE IF NOT EXISTS matrices (
    key TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    created REAL NOT NULL,
    n INTEGER NOT NULL,
    payload BLOB NOT NULL
)
"""


class MatrixCache:
    def __init__(self, path="route_matrix.sqlite", max_age_h=72):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)
        self.max_age = max_age_h * 3600

    @staticmethod
    def key(stops, profile):
        raw = profile + "|" + ";".join(f"{lat:.5f},{lon:.5f}" for lat, lon in stops)
        return hashlib.sha256(raw.encode()).hexdigest()

    def get(self, stops, profile):
        row = self.db.execute("SELECT created, payload FROM matrices WHERE key = ?",
                              (self.key(stops, profile),)).fetchone()
        if not row:
            return None
        created, payload = row
        if time.time() - created > self.max_age:
            log.debug("cached matrix expired")
            return None
        return pickle.loads(payload)

    def put(self, stops, profile, matrix):
        self.db.execute(
            "INSERT OR REPLACE INTO matrices (key, profile, created, n, payload) VALUES (?,?,?,?,?)",
            (self.key(stops, profile), profile, time.time(), len(stops),
             pickle.dumps(matrix, protocol=pickle.HIGHEST_PROTOCOL)),
        )
        self.db.commit()

    def prune(self):
        cur = self.db.execute("DELETE FROM matrices WHERE created < ?", (time.time() - self.max_age,))
        self.db.commit()
        return cur.rowcount


def fetch_matrix(stops, profile, engine=ENGINE):
    coords = ";".join(f"{lon},{lat}" for lat, lon in stops)
    url = f"{engine}/table/v1/{profile}/{urllib.parse.quote(coords, safe=';,')}?annotations=duration,distance"
    with urllib.request.urlopen(url, timeout=30) as resp:
        data = json.load(resp)
    if data.get("code") != "Ok":
        raise RuntimeError(f"routing engine said {data.get('code')}: {data.get('message')}")
    return {"durations": data["durations"], "distances": data["distances"]}


def matrix_for(cache, stops, profile, refresh=False):
    if not refresh:
        hit = cache.get(stops, profile)
        if hit is not None:
            log.info("cache hit for %d stops", len(stops))
            return hit
    log.info("asking routing engine for %d x %d matrix", len(stops), len(stops))
    m = fetch_matrix(stops, profile)
    cache.put(stops, profile, m)
    return m


def read_stops(path):
    with open(path) as fh:
        stops = json.load(fh)
    return [(float(s["lat"]), float(s["lon"])) for s in stops]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stops", help="JSON list of {lat, lon, label}")
    ap.add_argument("--profile", default="truck")
    ap.add_argument("--db", default="route_matrix.sqlite")
    ap.add_argument("--max-age", type=int, default=72, help="hours")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--prune", action="store_true")
    ap.add_argument("-o", "--output", help="write matrix JSON here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = MatrixCache(args.db, args.max_age)
    if args.prune:
        log.info("pruned %d expired matrices", cache.prune())
    try:
        stops = read_stops(args.stops)
        m = matrix_for(cache, stops, args.profile, args.refresh)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    out = json.dumps(m)
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(out)
    else:
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
