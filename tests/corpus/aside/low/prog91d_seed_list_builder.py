#!/usr/bin/env python3
"""Build the seeding list for the bracket from checked-in teams.

Takes the check-in export (checkins.csv: team, player, platform_id, present),
looks up each present player's skill rating on the public ratings API, averages
per team and writes seeds.json in snake order for the bracket tool to import.
Rating lookups are cached in ./.rating_cache so re-running after a late
check-in does not hammer the API.

    seed_list_builder.py --min-players 5 --groups 4
"""
import argparse
import csv
import hashlib
import json
import logging
import statistics
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("seeding")

RATINGS_URL = "https://ratings.lan/api/v1/players/{pid}"
CACHE_DIR = Path(".rating_cache")
CACHE_TTL = 6 * 3600


def cache_path(pid):
    return CACHE_DIR / (hashlib.md5(pid.encode()).hexdigest() + ".json")


def fetch_rating(pid, timeout=8):
    path = cache_path(pid)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())["rating"]
    url = RATINGS_URL.format(pid=urllib.parse.quote(pid, ""))
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "lan-seeding/2.0"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                data = json.load(resp)
            break
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                log.warning("no rating for %s", pid)
                return None
            if exc.code == 429:
                time.sleep(2 ** attempt)
                continue
            raise
        except urllib.error.URLError as exc:
            log.debug("lookup %s failed: %s", pid, exc)
            time.sleep(1 + attempt)
    else:
        return None
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps({"pid": pid, "rating": data.get("rating")}))
    return data.get("rating")


def present_teams(path):
    teams = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("present", "").strip().lower() in ("1", "yes", "true"):
                teams[row["team"]].append(row["platform_id"])
    return teams


def snake_groups(ranked, groups):
    out = [[] for _ in range(groups)]
    for i, team in enumerate(ranked):
        rnd, pos = divmod(i, groups)
        out[pos if rnd % 2 == 0 else groups - 1 - pos].append(team)
    return out


def main():
    ap = argparse.ArgumentParser(description="build seeds.json from check-ins")
    ap.add_argument("--checkins", default="checkins.csv")
    ap.add_argument("--min-players", type=int, default=5)
    ap.add_argument("--groups", type=int, default=0, help="0 = single seeded list")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    try:
        teams = present_teams(args.checkins)
    except (OSError, KeyError) as exc:
        log.error("cannot read check-ins: %s", exc)
        return 1

    scored = []
    for team, pids in sorted(teams.items()):
        if len(pids) < args.min_players:
            log.warning("%s has only %d players present, not seeded", team, len(pids))
            continue
        ratings = [r for r in (fetch_rating(p) for p in pids) if r is not None]
        avg = round(statistics.fmean(ratings), 1) if ratings else 0.0
        scored.append({"team": team, "rating": avg, "rated_players": len(ratings)})

    ranked = sorted(scored, key=lambda t: t["rating"], reverse=True)
    for seed, entry in enumerate(ranked, 1):
        entry["seed"] = seed
    result = {"generated": int(time.time()), "seeds": ranked}
    if args.groups:
        result["groups"] = [[t["team"] for t in g] for g in snake_groups(ranked, args.groups)]
    Path("seeds.json").write_text(json.dumps(result, indent=2))
    log.info("seeded %d teams -> seeds.json", len(ranked))
    return 0


if __name__ == "__main__":
    sys.exit(main())
