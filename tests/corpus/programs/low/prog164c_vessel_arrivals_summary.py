#!/usr/bin/env python3
"""Daily vessel arrivals summary for the harbour master's office.

Combines the office's arrivals export with the published cruise call
schedule and writes a short Markdown summary for the morning briefing.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from collections import Counter
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("arrivals_summary")

SCHEDULE_URL = os.environ.get(
    "CRUISE_SCHEDULE_URL", "https://www.example.com/harbour/cruise-calls.json"
)
CACHE_DIR = Path(".cache")


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_schedule(url, use_cache=True):
    target = cache_path(url)
    if use_cache and target.exists():
        return json.loads(target.read_text())
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(exist_ok=True)
    target.write_text(json.dumps(data))
    return data


def read_arrivals(path, day):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("eta", "").startswith(day):
                rows.append(row)
    return rows


def vessel_types(rows):
    return Counter(r.get("type", "unknown") for r in rows)


def render(day, arrivals, cruise_calls):
    lines = [f"# Arrivals {day}", ""]
    lines.append(f"Total expected arrivals: **{len(arrivals)}**")
    lines.append("")
    for vtype, n in vessel_types(arrivals).most_common():
        lines.append(f"- {vtype}: {n}")
    lines.append("")
    lines.append("## Arrivals")
    lines.append("| ETA | Vessel | Berth | Draught (m) |")
    lines.append("|-----|--------|-------|-------------|")
    for r in sorted(arrivals, key=lambda x: x.get("eta", "")):
        lines.append(f"| {r.get('eta','')[11:16]} | {r.get('vessel','')} | "
                     f"{r.get('berth','-')} | {r.get('draught_m','-')} |")
    if cruise_calls:
        lines.append("")
        lines.append("## Cruise calls")
        for call in cruise_calls:
            lines.append(f"- {call.get('ship')} {call.get('arrive')}-{call.get('depart')}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("arrivals_csv", type=Path)
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--out", type=Path, default=Path("briefing"))
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    arrivals = read_arrivals(args.arrivals_csv, args.day)
    try:
        schedule = fetch_schedule(SCHEDULE_URL, use_cache=not args.refresh)
        calls = [c for c in schedule.get("calls", []) if c.get("date") == args.day]
    except (requests.RequestException, ValueError) as exc:
        log.warning("cruise schedule unavailable: %s", exc)
        calls = []

    args.out.mkdir(exist_ok=True)
    target = args.out / f"arrivals_{args.day}.md"
    target.write_text(render(args.day, arrivals, calls))
    os.chmod(target, 0o600)
    log.info("summary written to %s (%d arrivals, %d cruise calls)",
             target, len(arrivals), len(calls))


if __name__ == "__main__":
    main()
