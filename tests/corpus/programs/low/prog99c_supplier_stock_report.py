#!/usr/bin/env python3
"""Daily availability report from our distributors' stock feeds.

Each distributor publishes a JSON stock feed. We fetch the feeds listed in
feeds.json, cache them for a few hours (keyed on the feed URL), and write
availability.csv showing which of the SKUs we usually stock are short at
which distributor, so the buyer can plan the week's orders.
"""

import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("stock_report")

CACHE_DIR = Path(".feed_cache")
CACHE_TTL = 4 * 3600


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode("utf-8")).hexdigest() + ".json")


def fetch_feed(url, timeout=20, use_cache=True):
    path = cache_path(url)
    if use_cache and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.debug("cache hit %s", url)
        return json.loads(path.read_text())
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "shop-stock-report/0.9"})
    last_exc = None
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                data = json.load(resp)
            CACHE_DIR.mkdir(exist_ok=True)
            path.write_text(json.dumps(data))
            return data
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            last_exc = exc
            log.warning("fetch %s failed (%s), attempt %d", url, exc, attempt + 1)
            time.sleep(1 + attempt * 2)
    raise RuntimeError(f"giving up on {url}: {last_exc}")


def normalise(feed, mapping):
    """Distributors name fields differently; map them to sku/qty/eta."""
    items = feed
    for key in mapping.get("path", []):
        items = items[key]
    for item in items:
        yield {
            "sku": str(item[mapping.get("sku", "sku")]).upper(),
            "qty": int(item.get(mapping.get("qty", "qty"), 0) or 0),
            "eta": item.get(mapping.get("eta", "eta"), ""),
        }


def load_watchlist(path):
    with open(path, newline="") as fh:
        return {row["sku"].upper(): int(row["min_qty"]) for row in csv.DictReader(fh)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feeds", default="feeds.json")
    ap.add_argument("--watchlist", default="watchlist.csv")
    ap.add_argument("--out", default="availability.csv")
    ap.add_argument("--refresh", action="store_true", help="ignore cached feeds")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    feeds = json.loads(Path(args.feeds).read_text())
    watch = load_watchlist(args.watchlist)
    rows = []
    for name, spec in feeds.items():
        try:
            feed = fetch_feed(spec["url"], use_cache=not args.refresh)
        except RuntimeError as exc:
            log.error("%s: %s", name, exc)
            continue
        stock = {i["sku"]: i for i in normalise(feed, spec.get("mapping", {}))}
        for sku, min_qty in watch.items():
            item = stock.get(sku, {"qty": 0, "eta": "not listed"})
            if item["qty"] < min_qty:
                rows.append([sku, name, item["qty"], min_qty, item["eta"]])

    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "distributor", "available", "we_need", "eta"])
        w.writerows(sorted(rows))
    log.info("%d shortages written to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
