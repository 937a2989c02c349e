#!/usr/bin/env python3
"""Consolidate and rotate the station fuel logs.

Every refuel of the boat and the launch tractor is logged to a monthly CSV in
./fuel_logs. This script merges the months into a yearly file, drops exact
duplicate lines (the tablet sometimes double-submits), keeps a parsed-month
cache keyed by file content, and clears that cache on request.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

LOG = logging.getLogger("fuel_rotate")

LOG_DIR = Path("fuel_logs")
CACHE_DIR = Path(".fuel_cache")
FIELDS = ["date", "vessel", "litres", "fuel", "signed_by"]


def cache_key(path):
    # content hash is only used to name cache entries
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def parse_month(path):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (cache_key(path) + ".json")
    if entry.exists():
        return json.loads(entry.read_text())
    with path.open(newline="") as fh:
        rows = [{k: (r.get(k) or "").strip() for k in FIELDS} for r in csv.DictReader(fh)]
    entry.write_text(json.dumps(rows))
    return rows


def dedupe(rows):
    seen = set()
    out = []
    for r in rows:
        key = tuple(r[k] for k in FIELDS)
        if key in seen:
            continue
        seen.add(key)
        out.append(r)
    return out


def write_year(year, rows):
    target = LOG_DIR / f"fuel_{year}.csv"
    # write to a temp file in the same directory and rename, so a crash
    # never leaves a half-written yearly log
    with tempfile.NamedTemporaryFile("w", dir=LOG_DIR, prefix=".fuel_", suffix=".tmp",
                                     delete=False, newline="") as tmp:
        writer = csv.DictWriter(tmp, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(sorted(rows, key=lambda r: r["date"]))
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, target)
    return target


def totals(rows):
    by_vessel = {}
    for r in rows:
        try:
            by_vessel[r["vessel"]] = by_vessel.get(r["vessel"], 0.0) + float(r["litres"])
        except ValueError:
            LOG.warning("bad litres value on %s: %r", r["date"], r["litres"])
    return by_vessel


def clear_cache():
    if CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        LOG.info("removed %s", CACHE_DIR)


def main():
    ap = argparse.ArgumentParser(description="Merge monthly fuel logs into a yearly file")
    ap.add_argument("year", nargs="?", help="year to consolidate, e.g. 2024")
    ap.add_argument("--remove-months", action="store_true",
                    help="delete monthly files once merged")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache:
        clear_cache()
        if not args.year:
            return 0
    if not args.year:
        ap.error("year is required")

    months = sorted(LOG_DIR.glob(f"fuel_{args.year}-??.csv"))
    if not months:
        LOG.error("no monthly logs for %s in %s", args.year, LOG_DIR)
        return 1
    rows = []
    for m in months:
        rows.extend(parse_month(m))
    merged = dedupe(rows)
    target = write_year(args.year, merged)
    LOG.info("%s: %d rows (%d duplicates dropped)", target, len(merged), len(rows) - len(merged))
    for vessel, litres in sorted(totals(merged).items()):
        LOG.info("  %-12s %8.1f L", vessel, litres)
    if args.remove_months:
        for m in months:
            m.unlink()
        LOG.info("removed %d monthly files", len(months))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
