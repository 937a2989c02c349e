#!/usr/bin/env python3
"""summarise_catch_logbooks.py - per-species totals from vessel logbook CSVs.

Reads every logbook export in ./logbooks/*.csv (columns: vessel_id,
haul_date, ices_rectangle, species, live_weight_kg, discards_kg) and writes
a JSON summary of landed and discarded weight per vessel and species.
Parsed files are cached in ./.summary_cache/ keyed by the MD5 of their
content, so re-running after a new file arrives only parses the new file.

Usage:
    summarise_catch_logbooks.py [--in ./logbooks] [--out summary.json] [--clear-cache]
"""

import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
from collections import defaultdict
from pathlib import Path

CACHE_DIR = Path("./.summary_cache")

log = logging.getLogger("logbook-summary")


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def parse_logbook(path: Path) -> dict:
    totals = defaultdict(lambda: {"landed_kg": 0.0, "discards_kg": 0.0, "hauls": 0})
    bad_rows = 0
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                key = f"{row['vessel_id'].strip()}|{row['species'].strip().upper()}"
                totals[key]["landed_kg"] += float(row["live_weight_kg"] or 0)
                totals[key]["discards_kg"] += float(row.get("discards_kg") or 0)
                totals[key]["hauls"] += 1
            except (KeyError, ValueError):
                bad_rows += 1
    if bad_rows:
        log.warning("%s: %d unparseable row(s) skipped", path.name, bad_rows)
    return dict(totals)


def load_or_parse(path: Path) -> dict:
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{cache_key(path)}.json"
    if cached.exists():
        log.debug("cache hit for %s", path.name)
        return json.loads(cached.read_text(encoding="utf-8"))
    result = parse_logbook(path)
    cached.write_text(json.dumps(result), encoding="utf-8")
    log.info("parsed %s (%d vessel/species groups)", path.name, len(result))
    return result


def merge(parts: list) -> dict:
    merged = {}
    for part in parts:
        for key, vals in part.items():
            vessel, species = key.split("|", 1)
            slot = merged.setdefault(vessel, {}).setdefault(
                species, {"landed_kg": 0.0, "discards_kg": 0.0, "hauls": 0})
            for field in slot:
                slot[field] += vals[field]
    return merged


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--in", dest="in_dir", type=Path, default=Path("./logbooks"))
    ap.add_argument("--out", type=Path, default=Path("summary.json"))
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)

    files = sorted(args.in_dir.glob("*.csv"))
    if not files:
        log.error("no logbook CSVs in %s", args.in_dir)
        return 1

    parts = []
    for path in files:
        try:
            parts.append(load_or_parse(path))
        except OSError as exc:
            log.error("cannot read %s: %s", path, exc)
    summary = merge(parts)
    args.out.write_text(json.dumps(summary, indent=2, sort_keys=True), encoding="utf-8")
    log.info("summary for %d vessel(s) written to %s", len(summary), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
