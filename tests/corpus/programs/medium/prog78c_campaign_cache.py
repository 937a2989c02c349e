#!/usr/bin/env python3
"""Cached access to multi-network campaign stats for notebooks and the weekly deck.

    from campaign_cache import CampaignStats
    stats = CampaignStats.from_config("networks.yaml")
    rows = stats.get("meta", "2024-05-01", "2024-05-07")

or from the shell:

    ./campaign_cache.py meta 2024-05-01 2024-05-07 --config networks.yaml
    ./campaign_cache.py --purge

Network responses are slow and rate limited, so results are kept in a local
shelf keyed by (network, date range, fields) for ``ttl_hours``.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import shelve
import sys
import time
from pathlib import Path

import requests
import yaml

log = logging.getLogger("campaign_cache")

CACHE_DIR = Path(os.environ.get("CAMPAIGN_CACHE_DIR", ".campaign_cache"))


class CampaignStats:
    def __init__(self, networks, ttl_hours=6, cache_dir=CACHE_DIR):
        self.networks = networks
        self.ttl = ttl_hours * 3600
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(exist_ok=True)
        self.shelf_path = str(self.cache_dir / "stats")

    @classmethod
    def from_config(cls, path):
        with open(path) as fh:
            cfg = yaml.load(fh, Loader=yaml.Loader)
        defaults = cfg.get("defaults", {})
        return cls(cfg["networks"], ttl_hours=defaults.get("ttl_hours", 6))

    @staticmethod
    def _key(network, since, until, fields):
        raw = json.dumps([network, since, until, sorted(fields)])
        return hashlib.md5(raw.encode()).hexdigest()

    def _fetch(self, network, since, until, fields):
        net = self.networks[network]
        token = os.environ.get(net["token_env"], "")
        params = {"since": since, "until": until, "fields": ",".join(fields)}
        params.update(net.get("params", {}))
        resp = requests.get(net["url"], params=params,
                            headers={"Authorization": f"Bearer {token}"}, timeout=60)
        resp.raise_for_status()
        body = resp.json()
        return body.get(net.get("rows_key", "data"), [])

    def get(self, network, since, until, fields=("spend", "impressions", "clicks", "conversions")):
        key = self._key(network, since, until, list(fields))
        with shelve.open(self.shelf_path) as shelf:
            hit = shelf.get(key)
            if hit and time.time() - hit["at"] < self.ttl:
                log.debug("cache hit %s %s..%s", network, since, until)
                return hit["rows"]
        rows = self._fetch(network, since, until, list(fields))
        with shelve.open(self.shelf_path) as shelf:
            shelf[key] = {"at": time.time(), "rows": rows}
        log.debug("cached %d rows for %s", len(rows), network)
        return rows

    def purge(self, older_than_hours=0):
        cutoff = time.time() - older_than_hours * 3600
        removed = 0
        with shelve.open(self.shelf_path) as shelf:
            for k in list(shelf.keys()):
                if shelf[k]["at"] <= cutoff:
                    del shelf[k]
                    removed += 1
        return removed


def totals(rows):
    out = {"spend": 0.0, "impressions": 0, "clicks": 0, "conversions": 0.0}
    for r in rows:
        for k in out:
            out[k] += type(out[k])(r.get(k, 0) or 0)
    out["ctr"] = round(out["clicks"] / out["impressions"], 4) if out["impressions"] else None
    out["cpa"] = round(out["spend"] / out["conversions"], 2) if out["conversions"] else None
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Cached campaign stats")
    ap.add_argument("network", nargs="?")
    ap.add_argument("since", nargs="?", default=str(dt.date.today() - dt.timedelta(days=7)))
    ap.add_argument("until", nargs="?", default=str(dt.date.today() - dt.timedelta(days=1)))
    ap.add_argument("--config", default="networks.yaml")
    ap.add_argument("--purge", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    stats = CampaignStats.from_config(args.config)
    if args.purge:
        log.info("purged %d entries", stats.purge())
        return 0
    if not args.network:
        ap.error("network is required unless --purge")
    try:
        rows = stats.get(args.network, args.since, args.until)
    except (KeyError, requests.RequestException) as exc:
        log.error("could not get stats: %s", exc)
        return 1
    print(json.dumps(totals(rows), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
