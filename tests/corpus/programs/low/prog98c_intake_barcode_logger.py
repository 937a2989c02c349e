#!/usr/bin/env python3
"""Donation intake barcode logger for the warehouse receiving desk.

The handheld scanners are in keyboard-wedge mode, so each scan arrives as a
line on stdin. This logger records every barcode to the day's intake CSV and
looks up the product name on Open Food Facts so the sheet is readable when
it goes to the regional food bank.
"""
import argparse
import csv
import json
import logging
import re
import sys
import threading
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

log = logging.getLogger("barcode-logger")

BARCODE_RE = re.compile(r"^\d{8}$|^\d{12,14}$")
LOOKUP_URL = "https://world.openfoodfacts.org/api/v2/product/{code}.json?fields=product_name,brands,quantity"
CACHE_FILE = Path(".barcode_cache.json")


class ProductLookup:
    """Small cached wrapper around the Open Food Facts product API."""

    def __init__(self, cache_path=CACHE_FILE, timeout=8):
        self.cache_path = cache_path
        self.timeout = timeout
        self.lock = threading.Lock()
        try:
            self.cache = json.loads(cache_path.read_text())
        except (OSError, ValueError):
            self.cache = {}

    def name_for(self, code):
        with self.lock:
            if code in self.cache:
                return self.cache[code]
        name = self._fetch(code)
        with self.lock:
            self.cache[code] = name
        return name

    def _fetch(self, code):
        req = urllib.request.Request(LOOKUP_URL.format(code=code),
                                     headers={"User-Agent": "pantry-intake/2.1 (volunteer desk)"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                data = json.load(resp)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            log.debug("lookup %s failed: %s", code, exc)
            return ""
        product = data.get("product") or {}
        parts = [product.get("brands", ""), product.get("product_name", ""), product.get("quantity", "")]
        return " ".join(p for p in parts if p).strip()

    def save(self):
        with self.lock:
            self.cache_path.write_text(json.dumps(self.cache, indent=1, sort_keys=True))


def intake_writer(path):
    new = not path.exists()
    fh = open(path, "a", newline="")
    w = csv.writer(fh)
    if new:
        w.writerow(["time", "barcode", "product", "station"])
    return fh, w


def scans(stream):
    """Yield cleaned barcode lines from the scanner."""
    for line in stream:
        code = line.strip()
        if not code:
            continue
        if not BARCODE_RE.match(code):
            log.warning("ignoring non-barcode input (%d chars)", len(code))
            continue
        yield code


def run(stream, lookup, csv_path, station):
    fh, writer = intake_writer(csv_path)
    count = 0
    try:
        for code in scans(stream):
            now = datetime.now().isoformat(timespec="seconds")
            name = lookup.name_for(code) if lookup else ""
            writer.writerow([now, code, name, station])
            fh.flush()
            count += 1
            log.info("scan %d: %s %s", count, code, name or "(unknown)")
    except KeyboardInterrupt:
        pass
    finally:
        fh.close()
        if lookup:
            lookup.save()
    log.info("logged %d scans to %s", count, csv_path)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", default="dock-1")
    ap.add_argument("--outdir", type=Path, default=Path("."))
    ap.add_argument("--offline", action="store_true", help="skip product lookups")
    ap.add_argument("--replay", type=Path, help="read scans from a file instead of stdin")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    csv_path = args.outdir / f"intake_{datetime.now():%Y-%m-%d}.csv"
    lookup = None if args.offline else ProductLookup()
    if args.replay:
        with open(args.replay) as fh:
            run(fh, lookup, csv_path, args.station)
    else:
        print("ready - scan items, Ctrl-D to finish", file=sys.stderr)
        run(sys.stdin, lookup, csv_path, args.station)


if __name__ == "__main__":
    main()
