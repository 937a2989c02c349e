#!/usr/bin/env python3
"""Weekly rota for the collection & delivery vans.

Builds next week's van schedule from vans.json (vans, drivers, standing
hotel/gym contract pickups and residential rounds), flags days where the
forecast says heavy rain so dispatch can pad the slots, and writes
schedule-<week>.csv plus a plain-text summary for the staff room board.

The forecast comes from Open-Meteo; responses are cached in ./.cache for a
few hours so re-runs during planning don't hammer the API.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import shutil
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("van_rota")

FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
CACHE_DIR = Path(".cache")
CACHE_TTL = 3 * 3600
RAIN_MM = 8.0
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def load_plan(path):
    with open(path, encoding="utf-8") as fh:
        plan = json.load(fh)
    for key in ("vans", "rounds", "depot"):
        if key not in plan:
            raise KeyError(f"vans.json is missing '{key}'")
    return plan


def cached_get(url, params, timeout=10):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5((url + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    entry = CACHE_DIR / f"{key}.json"
    if entry.exists() and time.time() - entry.stat().st_mtime < CACHE_TTL:
        return json.loads(entry.read_text(encoding="utf-8"))
    resp = requests.get(url, params=params, timeout=timeout,
                        headers={"User-Agent": "van-rota/1.4 (laundry ops)"})
    resp.raise_for_status()
    data = resp.json()
    entry.write_text(json.dumps(data), encoding="utf-8")
    return data


def rain_days(depot, start):
    params = {
        "latitude": depot["lat"],
        "longitude": depot["lon"],
        "daily": "precipitation_sum",
        "timezone": "auto",
        "start_date": start.isoformat(),
        "end_date": (start + dt.timedelta(days=6)).isoformat(),
    }
    try:
        daily = cached_get(FORECAST_URL, params)["daily"]
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.warning("no forecast (%s); planning without weather", exc)
        return set()
    return {dt.date.fromisoformat(d) for d, mm in zip(daily["time"], daily["precipitation_sum"])
            if mm is not None and mm >= RAIN_MM}


def next_monday(today=None):
    today = today or dt.date.today()
    return today + dt.timedelta(days=(7 - today.weekday()) % 7 or 7)


def build_rows(plan, start, wet):
    vans = plan["vans"]
    rows = []
    for offset in range(7):
        day = start + dt.timedelta(days=offset)
        dname = DAYS[day.weekday()]
        todays = [r for r in plan["rounds"] if dname in r.get("days", DAYS[:6])]
        for i, rnd in enumerate(sorted(todays, key=lambda r: r.get("start", "08:00"))):
            van = vans[i % len(vans)]
            slot = rnd.get("minutes", 120)
            if day in wet:
                slot = int(slot * 1.25)
            rows.append({
                "date": day.isoformat(), "day": dname, "van": van["reg"],
                "driver": van.get("driver", "TBC"), "round": rnd["name"],
                "start": rnd.get("start", "08:00"), "minutes": slot,
                "stops": len(rnd.get("stops", [])), "wet": "yes" if day in wet else "",
            })
    return rows


def write_outputs(rows, start):
    out_csv = Path(f"schedule-{start:%G-W%V}.csv")
    with open(out_csv, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["date"])
        writer.writeheader()
        writer.writerows(rows)
    board = Path(f"schedule-{start:%G-W%V}.txt")
    with open(board, "w", encoding="utf-8") as fh:
        current = None
        for r in rows:
            if r["date"] != current:
                current = r["date"]
                fh.write(f"\n{r['day']} {r['date']}{'   (rain - allow extra time)' if r['wet'] else ''}\n")
            fh.write(f"  {r['start']}  {r['van']:<9} {r['driver']:<10} {r['round']} ({r['stops']} stops)\n")
    return out_csv, board


def main(argv=None):
    ap = argparse.ArgumentParser(description="plan next week's van rota")
    ap.add_argument("-p", "--plan", default="vans.json")
    ap.add_argument("--week-of", help="any date in the target week (default: next week)")
    ap.add_argument("--no-weather", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
    try:
        plan = load_plan(args.plan)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read plan: %s", exc)
        return 2
    if args.week_of:
        d = dt.date.fromisoformat(args.week_of)
        start = d - dt.timedelta(days=d.weekday())
    else:
        start = next_monday()
    wet = set() if args.no_weather else rain_days(plan["depot"], start)
    rows = build_rows(plan, start, wet)
    csv_path, board = write_outputs(rows, start)
    log.info("%d runs over %d van(s); %d wet day(s) -> %s, %s",
             len(rows), len(plan["vans"]), len(wet), csv_path, board)
    return 0


if __name__ == "__main__":
    sys.exit(main())
