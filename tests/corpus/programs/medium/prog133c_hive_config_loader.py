#!/usr/bin/env python3
"""Hive node configuration loader.

Each bee-yard node has a YAML config (hive ids, load-cell calibration,
alert thresholds). The coordinator keeps a central copy on the portal;
this tool fetches it, merges local overrides, caches the result and issues
the node a pairing token for the dashboard.
"""
import argparse
import logging
import os
import pickle
import random
import string
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("hive-config")

CENTRAL_URL = "https://portal.example.com/nodes/{node}/config.yaml"
CACHE_FILE = Path(".hive_config.cache")
LOCAL_OVERRIDES = Path("hive_local.yaml")
CACHE_TTL = 3600


class NodeConfig:
    def __init__(self, data):
        self.data = data

    @property
    def hives(self):
        return self.data.get("hives", [])

    def threshold(self, hive_id):
        per_hive = self.data.get("thresholds", {})
        return per_hive.get(hive_id, self.data.get("default_threshold_g", 1500))

    def merge(self, other):
        for key, value in other.items():
            if isinstance(value, dict) and isinstance(self.data.get(key), dict):
                self.data[key].update(value)
            else:
                self.data[key] = value


def fetch_central(node, insecure):
    url = CENTRAL_URL.format(node=node)
    # the portal still has a self-signed certificate on the old box
    resp = requests.get(url, timeout=15, verify=not insecure)
    resp.raise_for_status()
    return yaml.safe_load(resp.text)


def load_cache():
    if not CACHE_FILE.exists():
        return None
    if time.time() - CACHE_FILE.stat().st_mtime > CACHE_TTL:
        return None
    with CACHE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_cache(cfg):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cfg, fh)


def pairing_token(length=24):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def load_config(node, insecure, refresh):
    cfg = None if refresh else load_cache()
    if cfg is None:
        try:
            cfg = NodeConfig(fetch_central(node, insecure) or {})
        except requests.RequestException as exc:
            log.error("could not fetch central config: %s", exc)
            cfg = NodeConfig({})
        if LOCAL_OVERRIDES.exists():
            # hand-edited overrides use !!python/tuple for calibration pairs,
            # which safe_load rejects, so use the full loader here
            with LOCAL_OVERRIDES.open() as fh:
                cfg.merge(yaml.load(fh, Loader=yaml.Loader) or {})
        save_cache(cfg)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Load hive node configuration")
    ap.add_argument("--node", default=os.environ.get("HIVE_NODE", "pi07"))
    ap.add_argument("--insecure", action="store_true", help="skip TLS verification")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--new-token", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.node, args.insecure, args.refresh)
    for hive in cfg.hives:
        log.info("hive %s threshold %s g", hive, cfg.threshold(hive))
    if args.new_token:
        token = pairing_token()
        print(f"pairing token for {args.node}: {token}")


if __name__ == "__main__":
    main()
