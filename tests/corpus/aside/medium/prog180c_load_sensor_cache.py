#!/usr/bin/env python3
"""Barn environment dashboard cache.

Reads the barn sensor config (YAML), loads cached temperature/humidity/
ammonia readings from the last run, merges in new readings from the
logger's CSV drop and prints a quick comfort summary for the goat pens.
"""
import argparse
import csv
import logging
import pickle
from datetime import datetime
from pathlib import Path

import yaml

LOG = logging.getLogger("sensor_cache")

CACHE_FILE = Path("/tmp/barn_sensor_cache.pkl")


def load_config(path: Path):
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache():
    if not CACHE_FILE.exists():
        return {}
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def merge_csv(cache, csv_path: Path):
    added = 0
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            sensor = row.get("sensor")
            if not sensor:
                continue
            ts = datetime.fromisoformat(row["time"])
            readings = cache.setdefault(sensor, {})
            if ts in readings:
                continue
            readings[ts] = {
                "temp": float(row.get("temp_c") or "nan"),
                "rh": float(row.get("rh") or "nan"),
                "nh3": float(row.get("nh3_ppm") or "nan"),
            }
            added += 1
    return added


def comfort(cfg, cache):
    limits = cfg.get("limits", {})
    max_temp = limits.get("temp_c", 27)
    max_rh = limits.get("rh", 80)
    max_nh3 = limits.get("nh3_ppm", 10)
    for sensor, pen in cfg.get("sensors", {}).items():
        readings = cache.get(sensor)
        if not readings:
            print(f"{pen:<18} no data")
            continue
        latest_ts = max(readings)
        r = readings[latest_ts]
        flags = []
        if r["temp"] > max_temp:
            flags.append("HOT")
        if r["rh"] > max_rh:
            flags.append("DAMP")
        if r["nh3"] > max_nh3:
            flags.append("AMMONIA")
        print(f"{pen:<18} {latest_ts:%H:%M} {r['temp']:5.1f}C {r['rh']:5.1f}% "
              f"{r['nh3']:4.1f}ppm {' '.join(flags) or 'ok'}")


def main():
    parser = argparse.ArgumentParser(description="Barn sensor summary")
    parser.add_argument("--config", type=Path, default=Path("barn_sensors.yaml"))
    parser.add_argument("--drop", type=Path, help="new logger CSV to merge")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    cache = load_cache()
    if args.drop:
        n = merge_csv(cache, args.drop)
        LOG.info("merged %d new readings", n)
        save_cache(cache)
    comfort(cfg, cache)


if __name__ == "__main__":
    main()
