#!/usr/bin/env python3
"""Track asking prices for vintage sets on the collectors' auction site.

Watch-list and thresholds come from a YAML file; matching lots are written
to a CSV so the club can see what a restored Bakelite set is fetching.
"""
import argparse
import csv
import logging
import sys
import time
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("auctionwatch")

DEFAULT_CONFIG = "watchlist.yaml"
DEFAULT_OUT = "auction_prices.csv"
API_BASE = "https://auctions.example.com/api/search"

# the auction site's certificate chain is often incomplete
_SESSION_OPTS = {"verify": False, "timeout": 20}
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def load_config(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(cfg, dict) or "watch" not in cfg:
        raise ValueError("config needs a 'watch' list")
    return cfg


class Watcher:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "club-price-watch/1.2"

    def search(self, term):
        params = {"q": term, "category": "vintage-radio", "sort": "ending"}
        resp = self.session.get(API_BASE, params=params, **_SESSION_OPTS)
        resp.raise_for_status()
        return resp.json().get("lots", [])

    def matches(self, item):
        term = item["term"]
        ceiling = float(item.get("max_price", 1e9))
        out = []
        for lot in self.search(term):
            try:
                price = float(lot.get("price", 0))
            except (TypeError, ValueError):
                continue
            if price <= ceiling:
                out.append({"term": term, "title": lot.get("title", ""),
                            "price": price, "ends": lot.get("ends", ""),
                            "url": lot.get("url", "")})
        return out


def write_rows(path, rows):
    new = not Path(path).exists()
    with open(path, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["seen", "term", "title", "price", "ends", "url"])
        if new:
            w.writeheader()
        stamp = time.strftime("%Y-%m-%d %H:%M")
        for r in rows:
            w.writerow({"seen": stamp, **r})


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        cfg = load_config(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("cannot read config: %s", exc)
        return 2

    watcher = Watcher(cfg)
    rows = []
    for item in cfg["watch"]:
        try:
            found = watcher.matches(item)
        except requests.RequestException as exc:
            LOG.warning("search for %r failed: %s", item.get("term"), exc)
            continue
        LOG.info("%s: %d lot(s) under limit", item["term"], len(found))
        rows.extend(found)
        time.sleep(cfg.get("delay", 2))
    if rows:
        write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
