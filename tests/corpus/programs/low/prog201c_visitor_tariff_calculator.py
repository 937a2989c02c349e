#!/usr/bin/env python3
"""Visitor tariff calculator.

Works out the charge for a visitor stay, applying the hospital's concessions
(blue badge, frequent outpatient) and the free-parking rule for public
holidays. Holiday dates come from the GOV.UK bank holidays feed and are
cached in the working directory.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("tariff")

HOLIDAY_FEED = "https://www.gov.uk/bank-holidays.json"
CACHE_DIR = Path(".tariff_cache")
BANDS = [(30, 0.00), (120, 3.20), (240, 5.40), (480, 8.00), (24 * 60, 12.00)]
CONCESSIONS = {"none": 1.0, "blue_badge": 0.0, "outpatient": 0.5, "carer": 0.0}


def _cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def holidays(region="england-and-wales", refresh=False):
    path = _cache_path(HOLIDAY_FEED)
    if path.exists() and not refresh:
        data = json.loads(path.read_text())
    else:
        LOG.info("fetching holiday feed")
        with urllib.request.urlopen(HOLIDAY_FEED, timeout=10) as resp:
            data = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(json.dumps(data))
    return {e["date"] for e in data.get(region, {}).get("events", [])}


def band_charge(minutes):
    for limit, price in BANDS:
        if minutes <= limit:
            return price
    days = -(-minutes // (24 * 60))
    return BANDS[-1][1] * days


def charge(arrive, leave, concession, holiday_dates):
    if leave <= arrive:
        raise ValueError("departure must be after arrival")
    if arrive.date().isoformat() in holiday_dates:
        return 0.0
    minutes = int((leave - arrive).total_seconds() // 60)
    return round(band_charge(minutes) * CONCESSIONS[concession], 2)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("arrive", help="ISO time, e.g. 2024-05-06T09:15")
    p.add_argument("leave", help="ISO time")
    p.add_argument("--concession", choices=sorted(CONCESSIONS), default="none")
    p.add_argument("--offline", action="store_true", help="ignore holiday rule")
    p.add_argument("--refresh", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        arrive = dt.datetime.fromisoformat(args.arrive)
        leave = dt.datetime.fromisoformat(args.leave)
        dates = set() if args.offline else holidays(refresh=args.refresh)
        amount = charge(arrive, leave, args.concession, dates)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    except OSError as exc:
        LOG.error("holiday feed unavailable (%s); try --offline", exc)
        return 1
    print(f"Stay {arrive:%d %b %H:%M} -> {leave:%d %b %H:%M}: £{amount:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
