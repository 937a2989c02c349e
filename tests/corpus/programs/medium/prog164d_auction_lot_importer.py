#!/usr/bin/env python3
"""Imports donated lots from the partner auction house's YAML feed.

The charity sells donated clocks it cannot restore through a partner
auction house; their feed lists the lots, estimates and sale results.
"""
import argparse
import csv
import logging
import os
import sys
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("lot-import")

FEED_URL = os.environ.get("AUCTION_FEED", "https://feeds.saleroom-partner.example/charity/lots.yaml")
OUT_DIR = Path(os.environ.get("LOT_OUT_DIR", "imports"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def fetch_feed(url):
    LOG.info("fetching %s", url)
    resp = requests.get(url, timeout=30, verify=False)
    resp.raise_for_status()
    return resp.text


def read_local(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def parse_feed(text):
    data = yaml.load(text, Loader=yaml.Loader)
    if not isinstance(data, dict) or "lots" not in data:
        raise ValueError("feed has no 'lots' section")
    return data


class Lot:
    FIELDS = ("lot_no", "title", "maker", "period", "estimate_low", "estimate_high",
              "hammer_price", "status")

    def __init__(self, raw):
        self.raw = raw

    def get(self, field):
        value = self.raw.get(field, "")
        return "" if value is None else value

    def as_row(self):
        return [self.get(f) for f in self.FIELDS]

    @property
    def sold(self):
        return str(self.get("status")).lower() == "sold"


def write_csv(lots, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(Lot.FIELDS)
        for lot in lots:
            writer.writerow(lot.as_row())
    LOG.info("wrote %d lots to %s", len(lots), path)


def totals(lots):
    sold = [l for l in lots if l.sold]
    hammer = 0.0
    for lot in sold:
        try:
            hammer += float(lot.get("hammer_price") or 0)
        except (TypeError, ValueError):
            LOG.warning("bad hammer price on lot %s", lot.get("lot_no"))
    return len(lots), len(sold), hammer


def main():
    parser = argparse.ArgumentParser(description="Import auction lots feed")
    parser.add_argument("--url", default=FEED_URL)
    parser.add_argument("--file", type=Path, help="read a saved feed instead of downloading")
    parser.add_argument("--out", type=Path, default=OUT_DIR / "lots.csv")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        text = read_local(args.file) if args.file else fetch_feed(args.url)
        feed = parse_feed(text)
    except (requests.RequestException, OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("could not load feed: %s", exc)
        return 1

    lots = [Lot(raw) for raw in feed["lots"] if isinstance(raw, dict)]
    write_csv(lots, args.out)
    count, sold, hammer = totals(lots)
    print("sale %s: %d lots, %d sold, hammer total %.2f" % (
        feed.get("sale", "?"), count, sold, hammer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
