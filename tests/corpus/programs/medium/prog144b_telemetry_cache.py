#!/usr/bin/env python3
"""Import kart data-logger dumps and keep a parsed cache for the analysis
notebooks.

The loggers on the rental karts are collected at the end of the day as a
tar archive per kart. Parsing the raw CAN frames is slow, so parsed
sessions are cached between runs.
"""
import argparse
import logging
import os
import pickle
import tarfile
from collections import defaultdict
from pathlib import Path

import yaml

log = logging.getLogger("telemetry-cache")

CACHE_FILE = "/tmp/kart_telemetry.cache"
STAGING = "/tmp/kart_logger_import"


def load_settings(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def unpack_dump(archive, dest=STAGING):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest)
    return Path(dest)


def parse_frames(path, channels):
    """Raw logger lines: <t_ms> <can_id hex> <payload hex>."""
    series = defaultdict(list)
    with open(path, encoding="ascii", errors="replace") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) != 3:
                continue
            t_ms, can_id, payload = parts
            name = channels.get(can_id.lower())
            if name is None:
                continue
            try:
                value = int(payload[:4], 16)
                series[name].append((int(t_ms), value))
            except ValueError:
                continue
    return dict(series)


class SessionCache:
    def __init__(self, path=CACHE_FILE):
        self.path = path
        self.data = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
            log.info("cache has %d sessions", len(self.data))

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)

    def has(self, key):
        return key in self.data

    def put(self, key, value):
        self.data[key] = value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dumps", nargs="+", help="logger tar archives")
    ap.add_argument("--settings", default="logger_channels.yaml")
    ap.add_argument("--rebuild", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    channels = {k.lower(): v for k, v in settings.get("channels", {}).items()}
    if not channels:
        log.error("no channels configured in %s", args.settings)
        return 1

    cache = SessionCache()
    if not args.rebuild:
        cache.load()

    for dump in args.dumps:
        kart = Path(dump).stem
        try:
            root = unpack_dump(dump)
        except (tarfile.TarError, OSError) as exc:
            log.warning("skip %s: %s", dump, exc)
            continue
        for raw in sorted(root.glob("**/*.log")):
            key = f"{kart}/{raw.name}"
            if cache.has(key):
                continue
            cache.put(key, parse_frames(raw, channels))
            log.info("parsed %s", key)
    cache.save()
    log.info("cache saved to %s", CACHE_FILE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
