#!/usr/bin/env python3
"""Summarises kiln firing logs. Parsing the controller exports is slow, so
parsed results are cached next to the logs; kiln settings come from YAML."""

import argparse
import csv
import hashlib
import logging
import os
import pickle
from pathlib import Path

import yaml

LOG = logging.getLogger("firing-logs")

CACHE_DIR = Path(".firing_cache")


def load_settings(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def cache_path(log_file):
    key = hashlib.md5(str(log_file.resolve()).encode()).hexdigest()
    return CACHE_DIR / f"{key}.pkl"


def parse_log(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for rec in csv.reader(fh):
            if len(rec) < 2:
                continue
            try:
                rows.append((rec[0], float(rec[1])))
            except ValueError:
                continue
    return rows


class FiringCache:
    def get(self, log_file):
        cp = cache_path(log_file)
        if cp.exists() and cp.stat().st_mtime >= log_file.stat().st_mtime:
            with open(cp, "rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, log_file, rows):
        CACHE_DIR.mkdir(exist_ok=True)
        with open(cache_path(log_file), "wb") as fh:
            pickle.dump(rows, fh)


def summarise(name, rows, settings):
    if not rows:
        print(f"{name}: empty")
        return
    peak = max(t for _, t in rows)
    target = settings.get("targets", {}).get(name.split("_")[0], None)
    line = f"{name}: {len(rows)} samples, peak {peak:.0f}F"
    if target:
        diff = peak - target
        line += f" (target {target}F, {'+' if diff >= 0 else ''}{diff:.0f})"
    print(line)


def main():
    ap = argparse.ArgumentParser(description="Summarise kiln firing logs")
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--settings", default="kiln_settings.yaml")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = {}
    if os.path.exists(args.settings):
        try:
            settings = load_settings(args.settings)
        except yaml.YAMLError as exc:
            LOG.warning("bad settings file: %s", exc)

    cache = FiringCache()
    for log_file in args.logs:
        if not log_file.is_file():
            LOG.warning("missing %s", log_file)
            continue
        rows = None if args.no_cache else cache.get(log_file)
        if rows is None:
            rows = parse_log(log_file)
            cache.put(log_file, rows)
        summarise(log_file.stem, rows, settings)


if __name__ == "__main__":
    main()
