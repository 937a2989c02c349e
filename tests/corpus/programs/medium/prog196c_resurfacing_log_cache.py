#!/usr/bin/env python3
"""Summarises ice-resurfacer log bundles exported from the machine's
telematics unit (tar.gz of per-day CSV files).

Parsed bundles are cached so weekly reports do not re-read everything.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import tarfile
import tempfile
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("resurfacing")

CACHE_DIR = Path(".resurf_cache")


def cache_key(bundle: Path) -> str:
    h = hashlib.md5()
    with bundle.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def cached(fn):
    def wrapper(bundle: Path):
        CACHE_DIR.mkdir(exist_ok=True)
        slot = CACHE_DIR / f"{cache_key(bundle)}.pkl"
        if slot.exists():
            with slot.open("rb") as fh:
                return pickle.load(fh)
        result = fn(bundle)
        with slot.open("wb") as fh:
            pickle.dump(result, fh)
        return result
    return wrapper


@cached
def parse_bundle(bundle: Path):
    stats = defaultdict(lambda: {"floods": 0, "water_l": 0.0, "minutes": 0.0})
    with tempfile.TemporaryDirectory(prefix="resurf-") as tmp:
        with tarfile.open(bundle, "r:gz") as tar:
            tar.extractall(tmp)
        for day_file in sorted(Path(tmp).rglob("*.csv")):
            with day_file.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    sheet = row.get("sheet", "A")
                    stats[sheet]["floods"] += 1
                    stats[sheet]["water_l"] += float(row.get("water_litres") or 0)
                    stats[sheet]["minutes"] += float(row.get("duration_min") or 0)
    return dict(stats)


def merge(results):
    total = defaultdict(lambda: {"floods": 0, "water_l": 0.0, "minutes": 0.0})
    for res in results:
        for sheet, vals in res.items():
            for k, v in vals.items():
                total[sheet][k] += v
    return total


def report(total):
    print(f"{'Sheet':<8}{'Floods':>8}{'Water (L)':>12}{'Avg min':>10}")
    for sheet in sorted(total):
        t = total[sheet]
        avg = t["minutes"] / t["floods"] if t["floods"] else 0
        print(f"{sheet:<8}{t['floods']:>8}{t['water_l']:>12.0f}{avg:>10.1f}")


def main():
    parser = argparse.ArgumentParser(description="Resurfacer log summary")
    parser.add_argument("bundles", nargs="+", type=Path)
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for old in CACHE_DIR.glob("*.pkl"):
            old.unlink()
        log.info("cache cleared")

    results = []
    for bundle in args.bundles:
        try:
            results.append(parse_bundle(bundle))
        except (OSError, tarfile.TarError, ValueError) as exc:
            log.warning("skipping %s: %s", bundle, exc)
    if not results:
        log.error("nothing parsed")
        return 1
    report(merge(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
