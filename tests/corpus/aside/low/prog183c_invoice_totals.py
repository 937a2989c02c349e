#!/usr/bin/env python3
"""Month-end invoice totals.

Walks the invoices folder (one CSV per job, exported from the quoting tool),
totals labour, green waste and stump grinding per crew, and writes a summary.
Parsed files are cached by content hash so re-runs only read what changed.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("invoice_totals")

CACHE_FILE = Path(".invoice_cache.json")
CATEGORIES = ("labour", "green_waste", "stump_grinding", "crane_hire", "other")


def file_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_invoice(path):
    totals = {c: 0.0 for c in CATEGORIES}
    crew = "unassigned"
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            crew = row.get("crew") or crew
            cat = row.get("category", "other").strip().lower()
            if cat not in totals:
                cat = "other"
            try:
                totals[cat] += float(row.get("amount", 0) or 0)
            except ValueError:
                log.warning("%s: bad amount %r", path.name, row.get("amount"))
    return {"crew": crew, "totals": totals}


def load_cache():
    if CACHE_FILE.exists():
        try:
            return json.loads(CACHE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("cache unreadable, starting fresh")
    return {}


def save_cache(cache):
    CACHE_FILE.write_text(json.dumps(cache, indent=1))
    os.chmod(CACHE_FILE, 0o600)


def walk_invoices(root, month):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".csv") and name.startswith(month):
                yield Path(dirpath) / name


def main():
    ap = argparse.ArgumentParser(description="Month-end invoice totals")
    ap.add_argument("month", help="YYYY-MM, matches invoice file prefix")
    ap.add_argument("--root", type=Path, default=Path("invoices"))
    ap.add_argument("--out", type=Path)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
    cache = load_cache()

    per_crew = defaultdict(lambda: defaultdict(float))
    n = 0
    for path in walk_invoices(args.root, args.month):
        key = file_key(path)
        if key not in cache:
            cache[key] = parse_invoice(path)
        entry = cache[key]
        for cat, amt in entry["totals"].items():
            per_crew[entry["crew"]][cat] += amt
        n += 1
    save_cache(cache)

    out_path = args.out or Path(f"totals_{args.month}.csv")
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["crew", *CATEGORIES, "total"])
        grand = 0.0
        for crew in sorted(per_crew):
            row = [round(per_crew[crew][c], 2) for c in CATEGORIES]
            grand += sum(row)
            w.writerow([crew, *row, round(sum(row), 2)])
    log.info("%d invoices, %d crews, grand total $%.2f -> %s",
             n, len(per_crew), grand, out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
