#!/usr/bin/env python3
"""Monthly filament usage report for the makerspace 3D printers.

Scans the G-code files in the working directory (or --dir), reads the
slicer's header comments for filament length/weight and print time,
caches the parsed results keyed by an MD5 of each file, and writes a CSV
report plus a ready-made batch script the volunteer can run by hand later.
Spool prices come from the inventory service via a plain GET.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import re
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("usage")

PRICE_URL = os.environ.get("SPOOL_PRICE_URL",
                           "https://inventory.example.org/api/spool-prices")
CACHE_FILE = Path(".usage_cache.json")

PATTERNS = {
    "grams": re.compile(r";\s*(?:filament used \[g\]|total filament used \[g\])\s*=\s*([\d.]+)"),
    "mm": re.compile(r";\s*filament used \[mm\]\s*=\s*([\d.]+)"),
    "time": re.compile(r";\s*estimated printing time.*?=\s*(.+)"),
    "material": re.compile(r";\s*filament_type\s*=\s*(\w+)"),
}


class Cache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except ValueError:
                LOG.warning("cache corrupt, rebuilding")

    @staticmethod
    def key(path):
        h = hashlib.md5()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 16), b""):
                h.update(block)
        return h.hexdigest()

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=1))
        os.chmod(self.path, 0o600)


def parse_header(path):
    found = {"grams": 0.0, "mm": 0.0, "time": "?", "material": "PLA"}
    with open(path, errors="replace") as fh:
        for line in fh:
            if not line.startswith(";"):
                continue
            for name, rx in PATTERNS.items():
                m = rx.search(line)
                if m:
                    val = m.group(1).strip()
                    found[name] = float(val) if name in ("grams", "mm") else val
    return found


def fetch_prices(timeout):
    try:
        with urllib.request.urlopen(PRICE_URL, timeout=timeout) as resp:
            return json.load(resp)
    except (OSError, ValueError) as exc:
        LOG.warning("price list unavailable (%s), using defaults", exc)
        return {"PLA": 20.0, "PETG": 24.0, "TPU": 35.0}


def write_batch_script(rows, path):
    """Script for the volunteer to archive the reported files; not run here."""
    lines = ["#!/bin/bash", "# archive G-code files counted in this report", "set -e",
             "mkdir -p archive"]
    for r in rows:
        lines.append(f"mv -- '{r['file']}' archive/")
    Path(path).write_text("\n".join(lines) + "\n")
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default=".")
    ap.add_argument("--out", default="filament_usage.csv")
    ap.add_argument("--timeout", type=float, default=10)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = Cache(CACHE_FILE)
    prices = fetch_prices(args.timeout)
    rows = []
    for gfile in sorted(Path(args.dir).glob("*.gcode")):
        key = Cache.key(gfile)
        info = cache.data.get(key) or parse_header(gfile)
        cache.data[key] = info
        per_kg = float(prices.get(info["material"], 20.0))
        rows.append({"file": gfile.name, "material": info["material"],
                     "grams": info["grams"], "time": info["time"],
                     "cost": round(info["grams"] / 1000 * per_kg, 2)})
    cache.save()

    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["file", "material", "grams", "time", "cost"])
        w.writeheader()
        w.writerows(rows)
    write_batch_script(rows, "archive_reported.sh")
    total = sum(r["grams"] for r in rows)
    LOG.info("%d files, %.0f g filament, report in %s", len(rows), total, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
