#!/usr/bin/env python3
"""results_feed_cache - pull greyhound results from the national feed into
the club's results.db, with an on-disk response cache.

    results_feed_cache.py --date 2024-06-14 --track ROMFORD
    results_feed_cache.py --since 7          # last week, all tracks

The feed is rate limited, so raw responses are cached per (track, date)
in .feed_cache/ and reused for --cache-hours.
"""
import argparse
import datetime as dt
import json
import logging
import pickle
import sqlite3
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("results_feed")

FEED = "https://feed.greyhound-results.net/v2"
CACHE_DIR = Path(".feed_cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS races (
    race_id TEXT PRIMARY KEY, track TEXT, race_date TEXT, race_no INTEGER,
    grade TEXT, distance INTEGER, going TEXT
);
CREATE TABLE IF NOT EXISTS runners (
    race_id TEXT, trap INTEGER, dog TEXT, position INTEGER,
    sectional REAL, run_time REAL, sp TEXT, owner_id INTEGER,
    PRIMARY KEY (race_id, trap)
);
CREATE TABLE IF NOT EXISTS owners (
    owner_id INTEGER PRIMARY KEY, name TEXT, phone TEXT, email TEXT, payout_acct TEXT
);
"""


def fetch_json(url, retries=4):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "club-results-sync/1.3"})
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 429:
                wait = int(exc.headers.get("Retry-After", 10))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            raise
        except urllib.error.URLError as exc:
            log.warning("feed unreachable (%s), attempt %d", exc.reason, attempt + 1)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url}")


def cached_meeting(track, day, max_age_h):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / f"{track}_{day}.pkl"
    if entry.exists() and time.time() - entry.stat().st_mtime < max_age_h * 3600:
        with entry.open("rb") as fh:
            return pickle.load(fh)
    qs = urllib.parse.urlencode({"track": track, "date": day})
    data = fetch_json(f"{FEED}/results?{qs}")
    with entry.open("wb") as fh:
        pickle.dump(data, fh)
    return data


def upsert(db, meeting):
    n = 0
    with db:
        for race in meeting.get("races", []):
            db.execute("INSERT OR REPLACE INTO races VALUES (?,?,?,?,?,?,?)",
                       (race["id"], meeting["track"], meeting["date"], race["number"],
                        race.get("grade"), race.get("distance"), race.get("going")))
            for r in race.get("runners", []):
                db.execute("INSERT OR REPLACE INTO runners VALUES (?,?,?,?,?,?,?,?)",
                           (race["id"], r["trap"], r["dog"], r.get("position"),
                            r.get("sectional"), r.get("time"), r.get("sp"), r.get("owner_id")))
                n += 1
    return n


def owner_summary(db, track, day):
    sql = (f"SELECT o.name, COUNT(*) FROM runners r JOIN races x ON x.race_id = r.race_id "
           f"JOIN owners o ON o.owner_id = r.owner_id "
           f"WHERE x.track = '{track}' AND x.race_date = '{day}' AND r.position = 1 "
           f"GROUP BY o.name ORDER BY 2 DESC")
    return db.execute(sql).fetchall()


def dates(args):
    if args.date:
        return [args.date]
    today = dt.date.today()
    return [(today - dt.timedelta(days=i)).isoformat() for i in range(args.since)]


def main():
    ap = argparse.ArgumentParser(description="Sync greyhound results into results.db")
    ap.add_argument("--db", default="results.db")
    ap.add_argument("--track", action="append", help="track code (repeatable); default: all")
    ap.add_argument("--date")
    ap.add_argument("--since", type=int, default=1)
    ap.add_argument("--cache-hours", type=float, default=6)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    tracks = args.track or [t["code"] for t in fetch_json(f"{FEED}/tracks")["tracks"]]
    total = 0
    for day in dates(args):
        for track in tracks:
            try:
                meeting = cached_meeting(track, day, args.cache_hours)
            except (RuntimeError, urllib.error.HTTPError) as exc:
                log.error("%s %s: %s", track, day, exc)
                continue
            if not meeting.get("races"):
                continue
            n = upsert(db, meeting)
            total += n
            winners = owner_summary(db, track, day)
            log.info("%s %s: %d runners, top owner %s", track, day, n,
                     winners[0][0] if winners else "-")
    log.info("sync complete, %d runner rows", total)


if __name__ == "__main__":
    main()
