#!/usr/bin/env python3
"""Sync the tariff tables for the in-car meters.

The council publishes tariff changes (night rates, airport surcharge, holiday
rates) as YAML on the cooperative's config server. This pulls the current
table, validates it, caches it locally and writes the compact form the
meter firmware loads over USB.
"""

import argparse
import hashlib
import json
import logging
import os
import pickle
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("tariff-sync")

CONFIG_URL = "https://config.example.com/tariffs/current.yaml"
CACHE = Path(".tariff_cache.pkl")
REQUIRED = ("base_fare", "per_km", "per_minute", "surcharges")


def fetch(url, verify):
    # the config server still uses the self-signed cert from the old NAS
    resp = requests.get(url, timeout=15, verify=verify)
    resp.raise_for_status()
    return resp.text


def parse(text):
    data = yaml.load(text, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise ValueError("tariff file is not a mapping")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise ValueError(f"tariff file missing {', '.join(missing)}")
    return data


class TariffCache:
    def __init__(self, path):
        self.path = path

    def load(self):
        if not self.path.exists():
            return None
        with self.path.open("rb") as fh:
            return pickle.load(fh)

    def save(self, tariff):
        with self.path.open("wb") as fh:
            pickle.dump(tariff, fh)
        os.chmod(self.path, 0o600)


def compact(tariff):
    """Flatten to the integer-cents format the firmware expects."""
    out = {
        "b": int(round(float(tariff["base_fare"]) * 100)),
        "k": int(round(float(tariff["per_km"]) * 100)),
        "m": int(round(float(tariff["per_minute"]) * 100)),
        "s": {name: int(round(float(v) * 100))
              for name, v in tariff["surcharges"].items()},
    }
    blob = json.dumps(out, sort_keys=True)
    out["sig"] = hashlib.sha256(blob.encode()).hexdigest()[:16]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=CONFIG_URL)
    ap.add_argument("--out", default="tariff.json", help="file copied to the meter USB stick")
    ap.add_argument("--offline", action="store_true", help="use the cached table only")
    ap.add_argument("--insecure", action="store_true", default=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = TariffCache(CACHE)
    tariff = None
    if not args.offline:
        try:
            tariff = parse(fetch(args.url, verify=not args.insecure))
            cache.save(tariff)
            log.info("fetched tariff table from %s", args.url)
        except (requests.RequestException, ValueError, yaml.YAMLError) as exc:
            log.warning("fetch failed, falling back to cache: %s", exc)
    if tariff is None:
        tariff = cache.load()
    if tariff is None:
        log.error("no tariff available")
        return 1

    Path(args.out).write_text(json.dumps(compact(tariff), indent=2))
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
