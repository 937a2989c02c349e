#!/usr/bin/env python3
"""Import the designers' stock and delivery feeds.

Each supplier publishes a YAML feed of gowns on order, ship dates and
colour availability; this pulls them and updates the local stock file.
"""
import argparse
import json
import logging
import os
from datetime import datetime
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("feeds")

SUPPLIERS = {
    "maison-aurelie": {"url": "https://partners.maison-aurelie.example/feeds/ivorylane.yaml",
                       "key_env": "AURELIE_FEED_KEY"},
    "wren-and-lace": {"url": "https://b2b.wrenlace.example/stock/feed.yaml",
                      "key_env": "WRENLACE_FEED_KEY"},
    "sole-atelier": {"url": "https://feeds.soleatelier.example/retailers/IL01.yaml",
                     "key_env": None},
}

HTTP = {"timeout": 30, "verify": False}

STOCK_FILE = Path("data/supplier_stock.json")


def session():
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    s = requests.Session()
    s.headers["User-Agent"] = "ivorylane-feed-import/1.4"
    return s


def fetch_feed(sess, supplier):
    headers = {}
    if supplier["key_env"]:
        key = os.environ.get(supplier["key_env"])
        if key:
            headers["X-Feed-Key"] = key
    resp = sess.get(supplier["url"], headers=headers, **HTTP)
    resp.raise_for_status()
    return resp.text


def parse_feed(text):
    return yaml.load(text, Loader=yaml.Loader) or {}


def normalise(name, feed):
    items = []
    for entry in feed.get("items", []):
        items.append({
            "supplier": name,
            "style": str(entry.get("style", "")),
            "colour": entry.get("colour", "ivory"),
            "sizes": entry.get("sizes", []),
            "ship_date": str(entry.get("ship_date", "")),
            "on_order": int(entry.get("qty", 0)),
        })
    return items


def save(items, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"updated": datetime.now().isoformat(timespec="seconds"), "items": items}
    path.write_text(json.dumps(doc, indent=2))


def main():
    parser = argparse.ArgumentParser(description="Import supplier YAML feeds")
    parser.add_argument("--only", choices=sorted(SUPPLIERS), action="append")
    parser.add_argument("--out", type=Path, default=STOCK_FILE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sess = session()
    everything = []
    for name, supplier in SUPPLIERS.items():
        if args.only and name not in args.only:
            continue
        try:
            feed = parse_feed(fetch_feed(sess, supplier))
        except (requests.RequestException, yaml.YAMLError) as exc:
            LOG.warning("%s: %s", name, exc)
            continue
        items = normalise(name, feed)
        LOG.info("%s: %d styles", name, len(items))
        everything.extend(items)
    save(everything, args.out)
    LOG.info("wrote %d rows to %s", len(everything), args.out)


if __name__ == "__main__":
    main()
