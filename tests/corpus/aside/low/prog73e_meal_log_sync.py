#!/usr/bin/env python3
"""Sync a week of meals from a CSV food log to the NutriTrack API.

Each CSV row is ``date,meal,food,grams``. Macros per 100 g come from a local
foods.json table; rows whose food is missing are looked up through the API's
food search and cached in ./.meal_cache so the same food isn't queried twice.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("meal-sync")

API = os.environ.get("NUTRITRACK_API", "https://api.nutritrack.io/v2")
CACHE = Path(".meal_cache")


def cache_key(food):
    return hashlib.md5(food.strip().lower().encode()).hexdigest()


def load_foods(path):
    try:
        with open(path) as fh:
            return {k.lower(): v for k, v in json.load(fh).items()}
    except FileNotFoundError:
        return {}


def lookup_food(session, food):
    CACHE.mkdir(exist_ok=True)
    cached = CACHE / f"{cache_key(food)}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    r = session.get(f"{API}/foods/search", params={"q": food, "limit": 1}, timeout=10)
    r.raise_for_status()
    hits = r.json().get("foods", [])
    if not hits:
        return None
    per100 = {k: hits[0]["per_100g"][k] for k in ("kcal", "protein", "carbs", "fat")}
    cached.write_text(json.dumps(per100))
    return per100


def daily_totals(rows, foods, session):
    days = defaultdict(lambda: {"kcal": 0.0, "protein": 0.0, "carbs": 0.0, "fat": 0.0, "items": []})
    for row in rows:
        food = row["food"].strip()
        grams = float(row["grams"])
        per100 = foods.get(food.lower()) or lookup_food(session, food)
        if per100 is None:
            log.warning("no macro data for %r, skipped", food)
            continue
        day = days[row["date"]]
        for k in ("kcal", "protein", "carbs", "fat"):
            day[k] += per100[k] * grams / 100.0
        day["items"].append({"meal": row["meal"], "food": food, "grams": grams})
    return days


def push_day(session, day, totals):
    body = {"date": day, "totals": {k: round(v, 1) for k, v in totals.items() if k != "items"},
            "items": totals["items"]}
    r = session.post(f"{API}/diary", json=body, timeout=15)
    if r.status_code == 409:
        r = session.put(f"{API}/diary/{day}", json=body, timeout=15)
    r.raise_for_status()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file")
    ap.add_argument("--foods", default="foods.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("NUTRITRACK_API_KEY")
    if not key:
        log.error("set NUTRITRACK_API_KEY")
        return 2
    s = requests.Session()
    s.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    with open(args.csv_file, newline="") as fh:
        rows = list(csv.DictReader(fh))
    try:
        days = daily_totals(rows, load_foods(args.foods), s)
        for day in sorted(days):
            t = days[day]
            print(f"{day}: {t['kcal']:.0f} kcal  P {t['protein']:.0f}g  "
                  f"C {t['carbs']:.0f}g  F {t['fat']:.0f}g")
            if not args.dry_run:
                push_day(s, day, t)
    except (requests.RequestException, ValueError, KeyError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
