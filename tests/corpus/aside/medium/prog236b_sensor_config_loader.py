#!/usr/bin/env python3
"""Load probe/sensor configuration for the pool chlorination controllers
and keep a local cache of the last readings between runs.

The config is a YAML file maintained by the vendor (it uses a few custom
tags, so the full loader is used); the readings cache is a pickle file in
the working directory so the trend graph survives restarts.
"""
import argparse
import logging
import os
import pickle
import statistics
import sys
import time

import yaml

log = logging.getLogger("sensor-config")

DEFAULT_CONFIG = "sensors.yaml"
CACHE_FILE = "readings.cache.pkl"
MAX_POINTS = 2880  # two days at one-minute resolution


class SensorSpec:
    def __init__(self, name, unit, low, high, offset=0.0):
        self.name = name
        self.unit = unit
        self.low = float(low)
        self.high = float(high)
        self.offset = float(offset)

    def classify(self, value):
        v = value + self.offset
        if v < self.low:
            return "LOW"
        if v > self.high:
            return "HIGH"
        return "ok"


def load_config(path):
    loader = getattr(yaml, "Loader")
    with open(path) as fh:
        doc = yaml.load(fh, Loader=loader)
    specs = {}
    for name, body in (doc or {}).get("sensors", {}).items():
        try:
            specs[name] = SensorSpec(name, body.get("unit", ""), body["low"], body["high"], body.get("offset", 0))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("sensor %s ignored: %s", name, exc)
    return specs


class ReadingCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.data = {}

    def load(self):
        if not os.path.exists(self.path):
            return self
        try:
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("cache unreadable (%s), starting fresh", exc)
            self.data = {}
        return self

    def add(self, name, value):
        series = self.data.setdefault(name, [])
        series.append((time.time(), value))
        del series[:-MAX_POINTS]

    def save(self):
        tmp = self.path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)

    def trend(self, name, last=30):
        vals = [v for _, v in self.data.get(name, [])[-last:]]
        return statistics.mean(vals) if vals else None


def parse_reading(text):
    name, _, value = text.partition("=")
    return name.strip(), float(value)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("reading", nargs="*", help="name=value, e.g. free_cl=1.4")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        specs = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config problem: %s", exc)
        return 1

    cache = ReadingCache().load()
    for item in args.reading:
        try:
            name, value = parse_reading(item)
        except ValueError:
            log.error("bad reading %r", item)
            continue
        spec = specs.get(name)
        if spec is None:
            log.warning("unknown sensor %s", name)
            continue
        cache.add(name, value)
        avg = cache.trend(name)
        print(f"{name:10s} {value:7.2f} {spec.unit:5s} {spec.classify(value):4s} 30-pt avg {avg:.2f}")
    cache.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
