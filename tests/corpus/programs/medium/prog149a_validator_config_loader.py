#!/usr/bin/env python3
"""Load and merge ticket validator configuration profiles.

Each validator model has a YAML profile (fare tables, NFC timing, display
texts).  Profiles are pulled from the fare-system config server, merged with
local overrides and cached so the bench tools start quickly.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys

import requests
import urllib3
import yaml

log = logging.getLogger("validator_cfg")

CONFIG_SERVER = os.environ.get("FARE_CFG_URL", "https://fares.example.com/profiles")
CACHE_FILE = "/tmp/validator_profiles.cache"
# the config server still uses the old self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class ProfileStore:
    def __init__(self, server, cache_path):
        self.server = server.rstrip("/")
        self.cache_path = cache_path
        self.profiles = {}

    def load_cache(self):
        if not os.path.exists(self.cache_path):
            return False
        with open(self.cache_path, "rb") as fh:
            self.profiles = pickle.load(fh)
        log.info("loaded %d cached profiles", len(self.profiles))
        return True

    def save_cache(self):
        with open(self.cache_path, "wb") as fh:
            pickle.dump(self.profiles, fh)

    def fetch(self, model):
        url = f"{self.server}/{model}.yaml"
        r = requests.get(url, timeout=10, verify=False)
        r.raise_for_status()
        # profiles use custom tags for fare-zone objects
        profile = yaml.load(r.text, Loader=yaml.Loader)
        self.profiles[model] = profile
        return profile


def merge(base, override):
    out = dict(base)
    for k, v in (override or {}).items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def load_overrides(path):
    if not path or not os.path.exists(path):
        return {}
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def bench_token(serial, secret):
    # token the bench tool presents to the validator service port
    return hashlib.sha1(f"{serial}:{secret}".encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--overrides", default="overrides.yaml")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--serial", help="print a bench token for this validator")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    store = ProfileStore(CONFIG_SERVER, CACHE_FILE)
    if args.refresh or not store.load_cache():
        for m in args.models:
            try:
                store.fetch(m)
            except (requests.RequestException, yaml.YAMLError) as exc:
                log.error("profile %s: %s", m, exc)
        store.save_cache()

    overrides = load_overrides(args.overrides)
    for m in args.models:
        merged = merge(store.profiles.get(m, {}), overrides.get(m))
        print(f"--- {m}")
        print(yaml.safe_dump(merged, sort_keys=True))

    if args.serial:
        print("bench token:", bench_token(args.serial, os.environ.get("BENCH_SECRET", "")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
