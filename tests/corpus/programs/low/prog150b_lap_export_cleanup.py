#!/usr/bin/env python3
"""Export lap charts for the teams and clean up the export cache.

Builds one CSV per car from the session lap files, writes them atomically
(temp file + rename) so a team downloading mid-export never gets half a
file, and removes stale entries from the local export cache.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("lap-export")

CACHE_DIR = Path(".export_cache")
OUT_DIR = Path("exports")


def cache_key(path):
    # content hash only used to skip unchanged inputs
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def read_laps(paths):
    by_car = defaultdict(list)
    for p in paths:
        with open(p, newline="") as fh:
            for row in csv.DictReader(fh):
                by_car[row["car"]].append((int(row["lap"]), float(row["seconds"])))
    return by_car


def write_atomic(target, rows):
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".part")
    try:
        with os.fdopen(fd, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["lap", "seconds"])
            w.writerows(sorted(rows))
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def manifest_token(car, digest):
    # opaque id the team portal uses to reference an export
    return base64.urlsafe_b64encode(f"{car}:{digest}".encode()).decode()


def prune_cache(keep):
    if not CACHE_DIR.exists():
        return 0
    removed = 0
    for entry in CACHE_DIR.iterdir():
        if entry.name not in keep:
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("laps", nargs="+", help="session lap CSV files")
    ap.add_argument("--clean", action="store_true", help="wipe the export cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("export cache cleared")
    CACHE_DIR.mkdir(exist_ok=True)

    keys = {cache_key(p) for p in args.laps}
    digest = hashlib.md5("".join(sorted(keys)).encode()).hexdigest()
    marker = CACHE_DIR / digest
    if marker.exists():
        log.info("inputs unchanged, nothing to do")
        return 0

    by_car = read_laps(args.laps)
    manifest = {}
    for car, rows in sorted(by_car.items()):
        target = OUT_DIR / f"car_{car}.csv"
        write_atomic(target, rows)
        manifest[car] = manifest_token(car, digest)
        log.info("car %s: %d laps -> %s", car, len(rows), target)

    (OUT_DIR / "manifest.json").write_text(json.dumps(manifest, indent=2))
    marker.touch()
    removed = prune_cache({digest})
    log.info("exported %d cars, pruned %d cache entries", len(by_car), removed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
