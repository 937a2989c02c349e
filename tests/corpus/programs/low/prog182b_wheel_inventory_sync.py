#!/usr/bin/env python3
"""Push the cave's wheel inventory to the shop's inventory service.

Reads the turning-log export (one row per wheel), groups wheels by variety
and ripeness stage, and posts the counts to the inventory API so the online
shop shows what is actually ready to sell.
"""
import argparse
import csv
import json
import logging
import os
import urllib.request
from collections import Counter
from datetime import date
from pathlib import Path

LOG = logging.getLogger("inventory_sync")

INVENTORY_API = os.environ.get("INVENTORY_API", "https://inventory.example.com/api/v2/stock")
API_KEY_VAR = "INVENTORY_API_KEY"

# Days in the cave before a wheel moves to the next stage, per variety.
STAGES = {
    "tomme": [(0, "young"), (60, "ready"), (180, "aged")],
    "bleu": [(0, "young"), (45, "ready"), (120, "aged")],
    "washed": [(0, "young"), (30, "ready"), (75, "aged")],
}


def stage_for(variety, days):
    current = "young"
    for threshold, name in STAGES.get(variety, STAGES["tomme"]):
        if days >= threshold:
            current = name
    return current


def load_wheels(path):
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            made = date.fromisoformat(row["make_date"])
            yield row["variety"].strip().lower(), (date.today() - made).days


class InventoryClient:
    def __init__(self, url, key, timeout=20):
        self.url = url
        self.key = key
        self.timeout = timeout

    def post_counts(self, counts):
        payload = {
            "site": os.environ.get("CAVE_SITE", "north-cellar"),
            "as_of": date.today().isoformat(),
            "items": [{"variety": v, "stage": s, "wheels": n} for (v, s), n in sorted(counts.items())],
        }
        req = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode(),
            method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.key}"},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def main():
    parser = argparse.ArgumentParser(description="Sync wheel inventory to the shop")
    parser.add_argument("turning_log", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    counts = Counter()
    for variety, days in load_wheels(args.turning_log):
        counts[(variety, stage_for(variety, days))] += 1
    for (variety, stage), n in sorted(counts.items()):
        LOG.info("%-8s %-6s %4d", variety, stage, n)

    if args.dry_run:
        return 0
    key = os.environ.get(API_KEY_VAR)
    if not key:
        LOG.error("%s is not set", API_KEY_VAR)
        return 1
    status = InventoryClient(INVENTORY_API, key).post_counts(counts)
    LOG.info("inventory service answered %s", status)
    return 0 if status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
