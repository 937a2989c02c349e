#!/usr/bin/env python3
"""Daily cold-store summary from the probe reading cache.

Parsing a month of probe CSVs is slow on the office PC, so parsed readings
are cached as a snapshot in ./.cache and reused while the CSVs are unchanged.
Prints min/max/mean per store and day and flags sprouting-risk days.
"""
import argparse
import csv
import logging
import pickle
import statistics
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cachesummary")

CACHE_DIR = Path(".cache")
SNAPSHOT = CACHE_DIR / "readings.snapshot"
SPROUT_RISK_C = 6.0


class Snapshot:
    def __init__(self, signature, rows):
        self.signature = signature
        self.rows = rows

    @staticmethod
    def signature_of(files):
        return tuple(sorted((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))


def load_snapshot(path):
    if not path.exists():
        return None
    try:
        with path.open("rb") as fh:
            return pickle.Unpickler(fh).load()
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError) as exc:
        log.warning("ignoring broken cache %s: %s", path, exc)
        return None


def save_snapshot(path, snap):
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        pickle.Pickler(fh, protocol=pickle.HIGHEST_PROTOCOL).dump(snap)


def parse_csvs(files):
    rows = []
    for f in files:
        store = f.parent.name
        with f.open(newline="") as fh:
            for rec in csv.DictReader(fh):
                try:
                    ts = datetime.fromisoformat(rec["ts"])
                    rows.append((store, ts.date().isoformat(), float(rec["temp_c"])))
                except (KeyError, ValueError):
                    continue
    return rows


def readings(root, use_cache=True):
    files = sorted(root.glob("*/*.csv"))
    sig = Snapshot.signature_of(files)
    if use_cache:
        snap = load_snapshot(SNAPSHOT)
        if snap is not None and snap.signature == sig:
            log.info("using cached snapshot (%d rows)", len(snap.rows))
            return snap.rows
    rows = parse_csvs(files)
    save_snapshot(SNAPSHOT, Snapshot(sig, rows))
    log.info("parsed %d files, %d rows", len(files), len(rows))
    return rows


def summarise(rows):
    bucket = defaultdict(list)
    for store, day, temp in rows:
        bucket[(store, day)].append(temp)
    for (store, day), temps in sorted(bucket.items()):
        yield store, day, min(temps), max(temps), statistics.fmean(temps)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("readings"))
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--risk", type=float, default=SPROUT_RISK_C)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.root.is_dir():
        log.error("readings directory %s not found", args.root)
        return 1
    rows = readings(args.root, not args.no_cache)
    risky = 0
    print(f"{'store':<10} {'day':<10} {'min':>6} {'max':>6} {'mean':>6}")
    for store, day, lo, hi, mean in summarise(rows):
        flag = " SPROUT-RISK" if hi > args.risk else ""
        risky += bool(flag)
        print(f"{store:<10} {day:<10} {lo:6.1f} {hi:6.1f} {mean:6.1f}{flag}")
    log.info("%d store-days above %.1f C", risky, args.risk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
