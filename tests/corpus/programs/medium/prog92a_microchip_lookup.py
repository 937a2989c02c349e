#!/usr/bin/env python3
"""Look up pet microchip numbers across the national registries.

Given one or more 15-digit ISO 11784/11785 chip numbers, asks each
configured registry whether it holds the chip and prints which one does,
with the keeper contact status.  Answers are cached for a day in
./.chipcache so repeat scans at the front desk do not hammer the registries.
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import pickle
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("chiplookup")

CACHE_PATH = Path(".chipcache")
CACHE_TTL = 24 * 3600
USER_AGENT = "clinic-chiplookup/2.1 (+reception desk)"

MANUFACTURERS = {"900": "shared/unassigned", "956": "Trovan", "981": "Datamars",
                 "985": "Destron Fearing", "977": "Avid"}


class Registry:
    """One registry's public 'is this chip registered here' endpoint."""

    name = "base"
    url = ""

    def query_url(self, chip: str) -> str:
        return self.url.format(chip=urllib.parse.quote(chip))

    def parse(self, status: int, body: bytes) -> dict | None:
        raise NotImplementedError


class PetLogRegistry(Registry):
    name = "petlog"
    url = "https://api.petlog.example.org/v1/chips/{chip}"

    def parse(self, status, body):
        if status == 404:
            return None
        doc = json.loads(body)
        return {"registered": doc.get("found", False), "contactable": doc.get("keeperContactable")}


class AnimalTrackerRegistry(Registry):
    name = "animaltracker"
    url = "https://lookup.animaltracker.example.com/check?chip={chip}"

    def parse(self, status, body):
        doc = json.loads(body)
        if not doc.get("result"):
            return None
        return {"registered": True, "contactable": doc["result"].get("owner_reachable")}


ADAPTERS = {cls.name: cls for cls in (PetLogRegistry, AnimalTrackerRegistry)}


class ChipCache:
    def __init__(self, path: Path = CACHE_PATH, ttl: int = CACHE_TTL):
        self.path, self.ttl = path, ttl
        self.data: dict = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < self.ttl:
            return hit[1]
        return None

    def put(self, key, value):
        self.data[key] = (time.time(), value)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh)


def valid_chip(chip: str) -> bool:
    return len(chip) == 15 and chip.isdigit()


def fetch(url: str, timeout: float) -> tuple[int, bytes]:
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def lookup(chip: str, registries: list[Registry], cache: ChipCache, timeout: float) -> list[dict]:
    results = []
    for reg in registries:
        key = (reg.name, chip)
        hit = cache.get(key)
        if hit is None:
            try:
                status, body = fetch(reg.query_url(chip), timeout)
                hit = reg.parse(status, body) or {"registered": False}
            except (urllib.error.URLError, OSError, ValueError) as exc:
                log.warning("%s: lookup failed for %s: %s", reg.name, chip, exc)
                continue
            cache.put(key, hit)
        results.append({"chip": chip, "registry": reg.name, **hit})
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Microchip registry lookup")
    ap.add_argument("chips", nargs="*")
    ap.add_argument("-f", "--file", type=Path, help="text file with one chip per line")
    ap.add_argument("-r", "--registry", action="append", choices=sorted(ADAPTERS))
    ap.add_argument("--csv", type=Path, help="write results to this CSV")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    chips = list(args.chips)
    if args.file:
        chips += [ln.strip() for ln in args.file.read_text().splitlines() if ln.strip()]
    bad = [c for c in chips if not valid_chip(c)]
    for c in bad:
        log.error("not a 15-digit ISO chip number: %s", c)
    chips = [c for c in chips if valid_chip(c)]
    if not chips:
        return 1

    registries = [ADAPTERS[n]() for n in (args.registry or sorted(ADAPTERS))]
    cache = ChipCache()
    rows = []
    for chip in chips:
        maker = MANUFACTURERS.get(chip[:3], "country code " + chip[:3])
        for row in lookup(chip, registries, cache, args.timeout):
            row["manufacturer"] = maker
            rows.append(row)
            flag = "FOUND" if row.get("registered") else "-"
            print(f"{chip}  {row['registry']:<14} {flag:<6} contactable={row.get('contactable')}")
    cache.save()

    if args.csv and rows:
        with args.csv.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["chip", "manufacturer", "registry", "registered", "contactable"])
            w.writeheader()
            w.writerows(rows)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
