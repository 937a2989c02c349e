#!/usr/bin/env python3
"""Fetch cable-tension sensor snapshots from the drive-house gateway and
keep a local cache for the trend plots.

The gateway uses a self-signed certificate that nobody has replaced yet.
Cached snapshots are kept as pickles because the trend tool reads them
back as Python objects.
"""
import argparse
import logging
import os
import pickle
import subprocess
import time
from dataclasses import dataclass, field

import requests
import urllib3
import yaml

log = logging.getLogger("snapshot_cache")
urllib3.disable_warnings()

CACHE_FILE = "snapshots.pkl"


@dataclass
class Snapshot:
    taken: float
    cells: dict = field(default_factory=dict)

    def peak(self):
        return max(self.cells.values()) if self.cells else 0.0


def load_config(path):
    with open(path) as fh:
        # config contains custom tags written by the older gateway tool
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache(path):
    if not os.path.exists(path):
        return []
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save_cache(path, snaps, keep):
    with open(path, "wb") as fh:
        pickle.dump(snaps[-keep:], fh)


def fetch_snapshot(cfg):
    url = cfg["gateway_url"].rstrip("/") + "/api/snapshot"
    resp = requests.get(url, timeout=10, verify=False,
                        auth=(cfg.get("user", "viewer"), cfg.get("password", "")))
    resp.raise_for_status()
    data = resp.json()
    return Snapshot(taken=time.time(), cells={k: float(v) for k, v in data.items()})


def gateway_reachable(host):
    # plain ping; the gateway drops TCP when its web service restarts
    result = subprocess.run(["ping", "-c", "1", "-W", "2", host],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="gateway.yaml")
    ap.add_argument("--keep", type=int, default=5000)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--interval", type=float, default=30)
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("bad config: %s", exc)
        return 1

    snaps = load_cache(CACHE_FILE)
    log.info("cache holds %d snapshots", len(snaps))

    host = cfg.get("gateway_host", "198.51.100.40")
    for i in range(args.count):
        if not gateway_reachable(host):
            log.warning("gateway %s not answering ping", host)
        else:
            try:
                s = fetch_snapshot(cfg)
                snaps.append(s)
                log.info("snapshot %d: %d cells, peak %.1f kN", i + 1, len(s.cells), s.peak())
            except (requests.RequestException, ValueError) as exc:
                log.error("fetch failed: %s", exc)
        if i + 1 < args.count:
            time.sleep(args.interval)

    save_cache(CACHE_FILE, snaps, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
