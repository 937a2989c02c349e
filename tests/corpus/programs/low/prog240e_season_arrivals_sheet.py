#!/usr/bin/env python3
"""Build the warden's arrivals sheet for the coming days.

Reads the bookings export in the working directory, marks arrivals that
fall on public holidays (fetched with a plain GET and cached under a key
derived from the URL), and writes a text sheet. Options can also be handed
over by the warden's launcher through environment variables.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import tempfile
import urllib.request
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("arrivals-sheet")

HOLIDAY_URL = "https://calendar.example.org/api/holidays?country={country}&year={year}"
CACHE_DIR = Path("./.arrivals_cache")


def cached_get_json(url, timeout=10):
    """GET a JSON document, caching it under an MD5 of the URL."""
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    cache_file = CACHE_DIR / f"{key}.json"
    if cache_file.exists():
        return json.loads(cache_file.read_text())
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    cache_file.write_text(json.dumps(data))
    return data


def load_holidays(country, years):
    holidays = {}
    for year in sorted(years):
        url = HOLIDAY_URL.format(country=country, year=year)
        try:
            for item in cached_get_json(url):
                holidays[item["date"]] = item.get("name", "holiday")
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("holidays for %s unavailable: %s", year, exc)
    return holidays


class Arrival:
    def __init__(self, row):
        self.name = row["guest_name"].strip()
        self.group = int(row.get("group_size") or 1)
        self.arrival = date.fromisoformat(row["arrival"])
        self.nights = int(row.get("nights") or 1)
        self.notes = (row.get("notes") or "").strip()


def read_arrivals(path, start, days):
    end = start + timedelta(days=days)
    result = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if row.get("status") != "confirmed":
                continue
            try:
                arr = Arrival(row)
            except (KeyError, ValueError) as exc:
                LOG.warning("bad row skipped: %s", exc)
                continue
            if start <= arr.arrival < end:
                result.append(arr)
    return sorted(result, key=lambda a: (a.arrival, a.name))


def render(arrivals, holidays):
    lines = ["Arrivals", "========", ""]
    current = None
    for arr in arrivals:
        if arr.arrival != current:
            current = arr.arrival
            tag = holidays.get(current.isoformat())
            lines.append(f"{current:%A %d %B}" + (f"  ({tag})" if tag else ""))
        note = f"  - {arr.notes}" if arr.notes else ""
        lines.append(f"   {arr.name:<28} {arr.group:>2} pers. {arr.nights} n.{note}")
    return "\n".join(lines) + "\n"


def write_atomic(path, text):
    """Write to a temp file in the same directory, then replace."""
    target = Path(path)
    with tempfile.NamedTemporaryFile("w", dir=target.parent or ".", delete=False) as tmp:
        tmp.write(text)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, target)


def main():
    env = os.environ
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bookings", default=env.get("BOOKINGS_CSV", "bookings.csv"))
    parser.add_argument("--days", type=int, default=int(env.get("ARRIVAL_DAYS", "4")))
    parser.add_argument("--country", default=env.get("HUT_COUNTRY", "AT"))
    parser.add_argument("--out", default="arrivals.txt")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    start = date.today()
    try:
        arrivals = read_arrivals(args.bookings, start, args.days)
    except OSError as exc:
        LOG.error("cannot read bookings: %s", exc)
        return 1
    years = {start.year, (start + timedelta(days=args.days)).year}
    holidays = load_holidays(args.country, years)
    write_atomic(args.out, render(arrivals, holidays))
    LOG.info("%d arrivals written to %s", len(arrivals), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
