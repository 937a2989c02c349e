#!/usr/bin/env python3
"""Sensor reading cache for the compost bay monitors.

Loads the site config, merges new probe readings from the CSV drop into a
local cache, and prints the rolling averages per bay.
"""
import argparse
import csv
import importlib
import logging
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sensor-cache")

_SER = {"store": "pic" + "kle", "conf": "ya" + "ml"}


def _mod(kind):
    return importlib.import_module(_SER[kind])


@dataclass
class Cache:
    path: Path
    window: int = 48
    readings: dict = field(default_factory=lambda: defaultdict(list))

    def load(self):
        if not self.path.exists():
            return self
        with self.path.open("rb") as fh:
            data = getattr(_mod("store"), "load")(fh)
        self.readings = defaultdict(list, data)
        return self

    def save(self):
        with self.path.open("wb") as fh:
            getattr(_mod("store"), "dump")(dict(self.readings), fh)

    def add(self, bay, temp, moisture):
        series = self.readings[bay]
        series.append((temp, moisture))
        del series[:-self.window]

    def averages(self):
        for bay, series in sorted(self.readings.items()):
            temps = [t for t, _ in series]
            moist = [m for _, m in series]
            yield bay, statistics.fmean(temps), statistics.fmean(moist), len(series)


def load_config(path):
    yml = _mod("conf")
    with open(path, encoding="utf-8") as fh:
        return yml.load(fh, Loader=getattr(yml, "Full" + "Loader")) or {}


def ingest(cache, drop_file, bays):
    added = 0
    with open(drop_file, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            bay = row.get("bay", "").strip()
            if bays and bay not in bays:
                continue
            try:
                cache.add(bay, float(row["temp_c"]), float(row["moisture"]))
                added += 1
            except (KeyError, ValueError):
                log.warning("bad row: %s", row)
    return added


def main():
    ap = argparse.ArgumentParser(description="bay sensor cache")
    ap.add_argument("--config", default="site.yaml")
    ap.add_argument("--drop", default="probe_drop.csv")
    ap.add_argument("--cache", default=".sensor_cache.pkl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except OSError:
        cfg = {}
    cache = Cache(Path(args.cache), window=int(cfg.get("window", 48))).load()
    if Path(args.drop).exists():
        n = ingest(cache, args.drop, set(cfg.get("bays", [])))
        log.info("ingested %d readings", n)
    cache.save()
    limits = cfg.get("limits", {"temp_max": 70})
    for bay, t, m, n in cache.averages():
        flag = " HOT" if t > limits.get("temp_max", 70) else ""
        print(f"{bay:<8} {t:6.1f} C {m:5.1f} % ({n} readings){flag}")


if __name__ == "__main__":
    main()
