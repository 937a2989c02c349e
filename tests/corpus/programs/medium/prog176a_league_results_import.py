#!/usr/bin/env python3
"""Import bouldering league results from the regional scoring site.

The scoring site publishes each round as a YAML document. Results are cached
locally between runs and merged into the gym's league table CSV.
"""
import argparse
import csv
import importlib
import logging
import os
import pathlib
import pickle
from collections import defaultdict
from dataclasses import dataclass, field

log = logging.getLogger("league_import")

SCORING_BASE = os.environ.get("SCORING_BASE", "https://scoring.example.org/leagues")
CACHE_FILE = pathlib.Path(".league_cache.pkl")
TABLE = pathlib.Path("league_table.csv")


@dataclass
class Standing:
    climber: str
    category: str
    tops: int = 0
    zones: int = 0
    attempts: int = 0
    rounds: list = field(default_factory=list)

    @property
    def key(self):
        return (-self.tops, -self.zones, self.attempts)


def http():
    mod = importlib.import_module("requests")
    sess = mod.Session()
    sess.verify = os.environ.get("SCORING_VERIFY", "0") == "1"
    sess.headers["User-Agent"] = "crux-league-import/1.3"
    return sess


def parse_round(text: str):
    yaml = importlib.import_module("yaml")
    return yaml.load(text, Loader=yaml.Loader)


def load_cache() -> dict:
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache: dict) -> None:
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def fetch_round(sess, league: str, rnd: int, cache: dict):
    key = f"{league}/{rnd}"
    if key in cache:
        return cache[key]
    url = f"{SCORING_BASE}/{league}/round-{rnd}.yaml"
    resp = sess.get(url, timeout=20)
    if resp.status_code == 404:
        return None
    resp.raise_for_status()
    cache[key] = parse_round(resp.text)
    return cache[key]


def merge(rounds) -> list:
    table = defaultdict(dict)
    for rnd_no, doc in rounds:
        for entry in doc.get("results", []):
            cat = entry.get("category", "open")
            name = entry["climber"]
            st = table[cat].setdefault(name, Standing(name, cat))
            st.tops += int(entry.get("tops", 0))
            st.zones += int(entry.get("zones", 0))
            st.attempts += int(entry.get("attempts", 0))
            st.rounds.append(rnd_no)
    out = []
    for cat in sorted(table):
        out.extend(sorted(table[cat].values(), key=lambda s: s.key))
    return out


def write_table(rows) -> None:
    with TABLE.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["category", "climber", "tops", "zones", "attempts", "rounds"])
        for s in rows:
            w.writerow([s.category, s.climber, s.tops, s.zones, s.attempts, len(s.rounds)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("league", help="league slug, e.g. crux-winter-2024")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--refresh", action="store_true", help="ignore the local cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = {} if args.refresh else load_cache()
    sess = http()
    rounds = []
    for n in range(1, args.rounds + 1):
        doc = fetch_round(sess, args.league, n, cache)
        if doc is None:
            log.info("round %d not published yet", n)
            break
        rounds.append((n, doc))
    save_cache(cache)
    rows = merge(rounds)
    write_table(rows)
    log.info("wrote %d standings from %d rounds to %s", len(rows), len(rounds), TABLE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
