#!/usr/bin/env python3
"""Publish the current tap list to the BeerBoard listing service so the
public menu and the app show what is pouring."""
import argparse
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("beerboard")

API_BASE = os.environ.get("BEERBOARD_API", "https://api.beerboard.example/v1")
VENUE_ID = os.environ.get("BEERBOARD_VENUE", "taproom-main")


class BeerBoardClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def current_taps(self, venue):
        resp = self.session.get(f"{self.base}/venues/{venue}/taps", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("taps", [])

    def replace_taps(self, venue, taps):
        resp = self.session.put(f"{self.base}/venues/{venue}/taps",
                                json={"taps": taps}, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def read_tap_sheet(path):
    taps = []
    with Path(path).open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if not row.get("beer"):
                continue
            taps.append({
                "line": int(row["tap"]),
                "name": row["beer"].strip(),
                "style": row.get("style", "").strip(),
                "abv": float(row.get("abv") or 0),
                "prices": {"pint": row.get("pint"), "half": row.get("half")},
            })
    return taps


def diff(old, new):
    old_by_line = {t["line"]: t.get("name") for t in old}
    changes = []
    for tap in new:
        before = old_by_line.get(tap["line"])
        if before != tap["name"]:
            changes.append(f"line {tap['line']}: {before or '(empty)'} -> {tap['name']}")
    return changes


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheet", default="taps.csv", nargs="?")
    parser.add_argument("--venue", default=VENUE_ID)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("BEERBOARD_API_KEY")
    if not api_key:
        LOG.error("set BEERBOARD_API_KEY")
        return 2

    taps = read_tap_sheet(args.sheet)
    client = BeerBoardClient(API_BASE, api_key)
    try:
        changes = diff(client.current_taps(args.venue), taps)
        for line in changes:
            LOG.info(line)
        if not changes:
            LOG.info("tap list unchanged")
            return 0
        if args.dry_run:
            print(json.dumps({"taps": taps}, indent=2))
            return 0
        result = client.replace_taps(args.venue, taps)
        LOG.info("published %d taps (revision %s)", len(taps), result.get("revision"))
    except requests.RequestException as exc:
        LOG.error("BeerBoard request failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
