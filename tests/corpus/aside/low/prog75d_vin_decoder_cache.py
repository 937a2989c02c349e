#!/usr/bin/env python3
"""Decode VINs through the NHTSA vPIC API with an on-disk cache.

Used by the service desk when importing repair orders: given VINs on the
command line or in a CSV column, prints make/model/year/engine and keeps
responses in ./.vin_cache so repeat lookups do not hit the API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("vin_decoder")
VPIC = "https://vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/{vin}?format=json"
VIN_RE = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")
FIELDS = ("Make", "Model", "ModelYear", "Trim", "BodyClass",
          "DisplacementL", "FuelTypePrimary", "PlantCountry")
TRANSLIT = dict(zip("ABCDEFGHJKLMNPRSTUVWXYZ",
                    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9]))
WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]


def check_digit_ok(vin: str) -> bool:
    total = 0
    for ch, w in zip(vin, WEIGHTS):
        total += (int(ch) if ch.isdigit() else TRANSLIT[ch]) * w
    expected = total % 11
    return vin[8] == ("X" if expected == 10 else str(expected))


class VinCache:
    def __init__(self, root: Path, ttl_days: int):
        self.root = root
        self.ttl = ttl_days * 86400
        root.mkdir(exist_ok=True)

    def _path(self, vin):
        return self.root / (hashlib.md5(vin.encode()).hexdigest() + ".json")

    def get(self, vin):
        p = self._path(vin)
        if p.exists() and time.time() - p.stat().st_mtime < self.ttl:
            return json.loads(p.read_text())
        return None

    def put(self, vin, record):
        p = self._path(vin)
        p.write_text(json.dumps(record))
        os.chmod(p, 0o600)


def fetch(vin, timeout=15):
    url = VPIC.format(vin=urllib.parse.quote(vin))
    req = urllib.request.Request(url, headers={"User-Agent": "service-desk-vin/1.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = json.load(resp)
    result = (body.get("Results") or [{}])[0]
    return {k: result.get(k) or "" for k in FIELDS}


def decode(vin, cache):
    vin = vin.strip().upper()
    if not VIN_RE.match(vin):
        raise ValueError("malformed VIN")
    if not check_digit_ok(vin):
        LOG.warning("%s: check digit mismatch (non-NA VIN?)", vin)
    hit = cache.get(vin)
    if hit:
        return hit
    for attempt in range(3):
        try:
            record = fetch(vin)
            cache.put(vin, record)
            return record
        except (urllib.error.URLError, TimeoutError) as exc:
            LOG.warning("%s: lookup failed (%s), retry %d", vin, exc, attempt + 1)
            time.sleep(1 + attempt)
    raise RuntimeError("vPIC unreachable")


def vins_from(args):
    yield from args.vin
    if args.csv:
        with open(args.csv, newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get(args.column):
                    yield row[args.column]


def main(argv=None):
    p = argparse.ArgumentParser(description="decode VINs via NHTSA vPIC")
    p.add_argument("vin", nargs="*")
    p.add_argument("--csv")
    p.add_argument("--column", default="vin")
    p.add_argument("--cache", type=Path, default=Path(".vin_cache"))
    p.add_argument("--ttl-days", type=int, default=90)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = VinCache(args.cache, args.ttl_days)
    writer = csv.writer(sys.stdout)
    writer.writerow(("VIN",) + FIELDS)
    failures = 0
    for vin in vins_from(args):
        try:
            rec = decode(vin, cache)
            writer.writerow((vin.upper(),) + tuple(rec[k] for k in FIELDS))
        except (ValueError, RuntimeError) as exc:
            LOG.error("%s: %s", vin, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
