#!/usr/bin/env python3
"""Summarise germination test results per lot and per species.

Input is the trays CSV kept by the testing volunteers (one row per tray
count). Output is a Markdown report plus a JSON file for the website.
Parsed input is cached by content hash so re-runs are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import statistics
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("germ-report")

CACHE_DIR = Path(".cache")
RETEST_BELOW = 70.0


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_trays(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"trays-{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    rows = []
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            try:
                sown = int(row["sown"])
                sprouted = int(row["sprouted"])
            except (KeyError, ValueError):
                log.warning("skipping malformed row: %s", row)
                continue
            if sown <= 0:
                continue
            rows.append({
                "lot": row["lot"],
                "species": row.get("species", "unknown"),
                "pct": 100.0 * sprouted / sown,
            })
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(rows))
    return rows


def summarise(rows, key):
    groups = defaultdict(list)
    for row in rows:
        groups[row[key]].append(row["pct"])
    summary = {}
    for name, values in sorted(groups.items()):
        summary[name] = {
            "trays": len(values),
            "mean": round(statistics.mean(values), 1),
            "min": round(min(values), 1),
            "max": round(max(values), 1),
        }
    return summary


def markdown(by_lot, by_species):
    lines = ["# Germination report", "", "## By species", "",
             "| species | trays | mean % |", "|---|---:|---:|"]
    for name, s in by_species.items():
        lines.append(f"| {name} | {s['trays']} | {s['mean']} |")
    lines += ["", "## Lots needing a retest", ""]
    retest = [(lot, s) for lot, s in by_lot.items() if s["mean"] < RETEST_BELOW]
    if not retest:
        lines.append("None - every lot is above the threshold.")
    for lot, s in retest:
        lines.append(f"- {lot}: {s['mean']}% over {s['trays']} trays")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("trays_csv", type=Path)
    parser.add_argument("--out-dir", type=Path, default=Path("reports"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for old in CACHE_DIR.glob("trays-*.json"):
            old.unlink()

    rows = parse_trays(args.trays_csv)
    by_lot = summarise(rows, "lot")
    by_species = summarise(rows, "species")

    args.out_dir.mkdir(parents=True, exist_ok=True)
    (args.out_dir / "germination.md").write_text(markdown(by_lot, by_species))
    (args.out_dir / "germination.json").write_text(
        json.dumps({"lots": by_lot, "species": by_species}, indent=2)
    )
    log.info("%d trays, %d lots, %d species summarised", len(rows), len(by_lot), len(by_species))


if __name__ == "__main__":
    main()
