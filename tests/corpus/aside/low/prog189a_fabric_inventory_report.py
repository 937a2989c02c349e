#!/usr/bin/env python3
"""Fabric stash inventory report for the guild's charity-quilt cupboard.

Volunteers log donated fabric into per-shelf CSV sheets under ./inventory.
This walks those sheets, totals yardage by colour family and fibre, and
writes a summary the charity committee prints for its monthly meeting.
Parsed sheets are cached (keyed by content hash) so reruns are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import shutil
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("stash")

INVENTORY_DIR = Path(os.environ.get("STASH_INVENTORY", "inventory"))
REPORT_DIR = Path(os.environ.get("STASH_REPORTS", "reports"))
CACHE_DIR = Path(".stash-cache")
MIN_USEFUL_YARDS = 0.25


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


class SheetReader:
    def __init__(self, cache_dir: Path):
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(exist_ok=True)
        self.hits = 0

    def rows(self, sheet: Path):
        cached = self.cache_dir / (cache_key(sheet) + ".json")
        if cached.exists():
            self.hits += 1
            return json.loads(cached.read_text())
        with sheet.open(newline="", encoding="utf-8") as fh:
            rows = [r for r in csv.DictReader(fh)]
        cached.write_text(json.dumps(rows))
        return rows


def sheets(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if name.lower().endswith(".csv"):
                yield Path(dirpath) / name


def tally(reader: SheetReader, root: Path):
    by_colour = defaultdict(float)
    by_fibre = defaultdict(float)
    scraps = 0
    for sheet in sheets(root):
        for row in reader.rows(sheet):
            try:
                yards = float(row.get("yards", 0) or 0)
            except ValueError:
                log.warning("bad yardage in %s: %r", sheet.name, row.get("yards"))
                continue
            if yards < MIN_USEFUL_YARDS:
                scraps += 1
                continue
            by_colour[row.get("colour_family", "mixed").lower()] += yards
            by_fibre[row.get("fibre", "cotton").lower()] += yards
    return by_colour, by_fibre, scraps


def write_report(by_colour, by_fibre, scraps, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    out = out_dir / "stash_summary.txt"
    lines = ["Charity cupboard fabric summary", "=" * 32, "", "By colour family:"]
    lines += [f"  {k:<14} {v:7.2f} yd" for k, v in sorted(by_colour.items(), key=lambda kv: -kv[1])]
    lines += ["", "By fibre:"]
    lines += [f"  {k:<14} {v:7.2f} yd" for k, v in sorted(by_fibre.items())]
    lines += ["", f"Scrap bundles (< {MIN_USEFUL_YARDS} yd): {scraps}"]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def main():
    parser = argparse.ArgumentParser(description="Summarise the charity fabric stash")
    parser.add_argument("--clear-cache", action="store_true", help="drop cached sheets first")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    reader = SheetReader(CACHE_DIR)
    by_colour, by_fibre, scraps = tally(reader, INVENTORY_DIR)
    out = write_report(by_colour, by_fibre, scraps, REPORT_DIR)
    log.info("report written to %s (%d cached sheets reused)", out, reader.hits)


if __name__ == "__main__":
    main()
