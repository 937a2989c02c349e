#!/usr/bin/env python3
"""Rental gear inventory.

Reads the rental kit list (markers, masks, hoppers, tanks, chest protectors)
from the YAML file the stores manager keeps, caches the parsed result, and
prints what needs servicing or restocking before the weekend.
"""

import argparse
import logging
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOG = logging.getLogger("gear-inventory")

CACHE_FILE = Path(os.environ.get("GEAR_CACHE", ".gear_cache.pkl"))
SERVICE_SHOTS = 20000
TANK_TEST_YEARS = 5


@dataclass
class Item:
    tag: str
    kind: str
    shots: int = 0
    last_service: str = ""
    tank_date: str = ""
    notes: list = field(default_factory=list)


def load_yaml(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def load_cached(path):
    if not CACHE_FILE.exists():
        return None
    if CACHE_FILE.stat().st_mtime < Path(path).stat().st_mtime:
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(items):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(items, fh)


def parse_items(doc):
    items = []
    for kind, entries in (doc or {}).items():
        for entry in entries or []:
            items.append(Item(
                tag=str(entry.get("tag")),
                kind=kind,
                shots=int(entry.get("shots", 0)),
                last_service=str(entry.get("last_service", "")),
                tank_date=str(entry.get("tank_date", "")),
                notes=list(entry.get("notes", [])),
            ))
    return items


def needs_service(item):
    return item.kind == "markers" and item.shots >= SERVICE_SHOTS


def tank_out_of_test(item, this_year):
    if item.kind != "tanks" or not item.tank_date:
        return False
    try:
        year = int(item.tank_date[:4])
    except ValueError:
        return True
    return this_year - year >= TANK_TEST_YEARS


def report(items, minimums):
    this_year = time.localtime().tm_year
    counts = {}
    for item in items:
        counts[item.kind] = counts.get(item.kind, 0) + 1
        if needs_service(item):
            print(f"SERVICE  {item.tag}: {item.shots} shots since {item.last_service or 'never'}")
        if tank_out_of_test(item, this_year):
            print(f"RETEST   {item.tag}: tank dated {item.tank_date}")
    for kind, minimum in minimums.items():
        have = counts.get(kind, 0)
        if have < minimum:
            print(f"RESTOCK  {kind}: have {have}, want {minimum}")
    return counts


def main():
    parser = argparse.ArgumentParser(description="Rental gear inventory")
    parser.add_argument("inventory", nargs="?", default="gear.yaml")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--min-masks", type=int, default=60)
    parser.add_argument("--min-markers", type=int, default=50)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")

    items = None if args.no_cache else load_cached(args.inventory)
    if items is None:
        LOG.info("parsing %s", args.inventory)
        items = parse_items(load_yaml(args.inventory))
        save_cache(items)

    counts = report(items, {"masks": args.min_masks, "markers": args.min_markers})
    for kind, n in sorted(counts.items()):
        LOG.info("%-10s %d", kind, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
