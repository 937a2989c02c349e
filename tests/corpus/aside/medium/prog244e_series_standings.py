#!/usr/bin/env python3
"""Compute series standings from the race database.

Reads per-race results from the club's SQLite database, applies the
low-point scoring system with discards, and prints the series table.
Scored races are cached between runs so big series stay quick.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from collections import defaultdict

log = logging.getLogger("standings")

CONF = {
    "db": "racing.sqlite3",
    "cache": ".standings.cache",
    "dnf_penalty": 1,  # DNF/DNS/DSQ score = entries + penalty
    "discard_every": 4,  # one discard per 4 races sailed
}


class ScoreCache:
    def __init__(self, path):
        self.path = path
        self.data = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
            log.debug("cache: %d races", len(self.data))
        return self

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)


class Series:
    def __init__(self, conn, series_name, fleet):
        self.conn = conn
        self.series_name = series_name
        self.fleet = fleet

    def race_ids(self):
        q = ("SELECT race_id FROM races WHERE series = '%s' AND fleet = '%s' "
             "ORDER BY race_date" % (self.series_name, self.fleet))
        return [r[0] for r in self.conn.execute(q)]

    def race_results(self, race_id):
        q = "SELECT sail_no, helm, position, status FROM results WHERE race_id = {} ".format(race_id)
        q += "ORDER BY position"
        return list(self.conn.execute(q))


def score_race(rows, penalty):
    entries = len(rows)
    scores = {}
    for sail_no, helm, position, status in rows:
        key = (sail_no, helm)
        if status and status.upper() in ("DNF", "DNS", "DSQ", "OCS", "RET"):
            scores[key] = entries + penalty
        else:
            scores[key] = float(position)
    return scores


def tabulate(per_race, discard_every):
    totals = defaultdict(list)
    for race_scores in per_race:
        for boat, pts in race_scores.items():
            totals[boat].append(pts)
    n_races = len(per_race)
    discards = n_races // discard_every if discard_every else 0
    table = []
    for boat, pts in totals.items():
        pts = sorted(pts)
        kept = pts[:len(pts) - discards] if discards else pts
        table.append((sum(kept), sum(pts), boat, len(pts)))
    table.sort()
    return table, discards


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("series")
    ap.add_argument("--fleet", default="Handicap")
    ap.add_argument("--db", default=CONF["db"])
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cache = ScoreCache(CONF["cache"])
    if not args.no_cache:
        try:
            cache.load()
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("ignoring bad cache: %s", exc)

    try:
        conn = sqlite3.connect(args.db)
        series = Series(conn, args.series, args.fleet)
        per_race = []
        for rid in series.race_ids():
            key = "{}:{}".format(args.fleet, rid)
            if key not in cache.data:
                cache.data[key] = score_race(series.race_results(rid), CONF["dnf_penalty"])
            per_race.append(cache.data[key])
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1

    table, discards = tabulate(per_race, CONF["discard_every"])
    print("{} / {} - {} races, {} discard(s)".format(args.series, args.fleet, len(per_race), discards))
    for rank, (nett, total, (sail, helm), sailed) in enumerate(table, 1):
        print("{:>3}  {:<8} {:<24} {:>6.1f} {:>6.1f} ({} sailed)".format(rank, sail, helm, nett, total, sailed))
    if not args.no_cache:
        cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
