#!/usr/bin/env python3
"""Summarise CTV motion sensor logs per transfer.

The IMU logger writes one CSV per hour (time, heave_m, roll_deg, pitch_deg).
For each transfer listed in transfers.yaml this computes the significant
heave and peak roll during the push-on, so the skipper's limits can be
checked afterwards. Parsed hours are cached because the raw files are big.
"""

import argparse
import csv
import logging
import math
import os
import pickle
import tempfile
from datetime import datetime
from pathlib import Path

import yaml

LOG = logging.getLogger("motion_cache")

CACHE_DIR = Path(os.environ.get("MOTION_CACHE", ".motion_cache"))


def load_transfers(path):
    with open(path) as fh:
        # transfers.yaml is exported from the planning sheet; it uses custom tags
        doc = yaml.load(fh, Loader=yaml.Loader)
    return doc.get("transfers", [])


def parse_hour(path):
    rows = []
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            try:
                rows.append((datetime.fromisoformat(r["time"]), float(r["heave_m"]),
                             float(r["roll_deg"]), float(r["pitch_deg"])))
            except (KeyError, ValueError):
                continue
    return rows


def cached_hour(path):
    CACHE_DIR.mkdir(exist_ok=True)
    cache = CACHE_DIR / (Path(path).stem + ".pkl")
    if cache.exists() and cache.stat().st_mtime >= Path(path).stat().st_mtime:
        with open(cache, "rb") as fh:
            return pickle.load(fh)
    rows = parse_hour(path)
    with open(cache, "wb") as fh:
        pickle.dump(rows, fh)
    return rows


class TransferStats:
    def __init__(self, name, start, end):
        self.name, self.start, self.end = name, start, end
        self.heave, self.roll = [], []

    def add(self, row):
        ts, heave, roll, _pitch = row
        if self.start <= ts <= self.end:
            self.heave.append(heave)
            self.roll.append(abs(roll))

    def summary(self):
        if not self.heave:
            return None
        mean = sum(self.heave) / len(self.heave)
        var = sum((h - mean) ** 2 for h in self.heave) / len(self.heave)
        return {"transfer": self.name, "samples": len(self.heave),
                "hs_heave": round(4 * math.sqrt(var), 2), "max_roll": round(max(self.roll), 1)}


def write_report(results, out):
    # write to a scratch name first, then move into place
    scratch = tempfile.mktemp(suffix=".csv", dir="/tmp")
    with open(scratch, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["transfer", "samples", "hs_heave", "max_roll"])
        w.writeheader()
        w.writerows(results)
    os.replace(scratch, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("log_dir")
    ap.add_argument("--transfers", default="transfers.yaml")
    ap.add_argument("--out", default="transfer_motion.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    stats = []
    for t in load_transfers(args.transfers):
        stats.append(TransferStats(t["name"], datetime.fromisoformat(str(t["start"])),
                                   datetime.fromisoformat(str(t["end"]))))
    if not stats:
        LOG.error("no transfers listed")
        return

    files = sorted(Path(args.log_dir).glob("*.csv"))
    LOG.info("%d hourly files, %d transfers", len(files), len(stats))
    for f in files:
        for row in cached_hour(f):
            for s in stats:
                s.add(row)

    results = [r for r in (s.summary() for s in stats) if r]
    write_report(results, args.out)
    for r in results:
        LOG.info("%(transfer)s: Hs(heave)=%(hs_heave)s m, max roll=%(max_roll)s deg", r)


if __name__ == "__main__":
    main()
