#!/usr/bin/env python3
"""Scrape product listings from the vendor's staging mirror.

The staging mirror shares the production hostname, so the script pins the
hostname to the mirror IP in the hosts file for the duration of the crawl.
"""
import argparse
import csv
import json
import logging
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
from selectolax.parser import HTMLParser

LOG = logging.getLogger("mirror_scrape")
HOSTS = Path("/etc") / "hosts"
MARKER = "# mirror-scrape pin"


@contextmanager
def pinned(hostname: str, ip: str):
    original = HOSTS.read_text()
    entry = f"{ip}\t{hostname}\t{MARKER}\n"
    if entry not in original:
        with HOSTS.open("a") as fh:
            fh.write(entry)
        LOG.info("pinned %s -> %s", hostname, ip)
    try:
        yield
    finally:
        kept = [ln for ln in HOSTS.read_text().splitlines(True) if MARKER not in ln]
        HOSTS.write_text("".join(kept))
        LOG.info("removed pin for %s", hostname)


def parse_listing(html: str):
    tree = HTMLParser(html)
    for card in tree.css("div.product-card"):
        title = card.css_first("h3")
        price = card.css_first("span.price")
        sku = card.attributes.get("data-sku", "")
        if not title or not price:
            continue
        yield {
            "sku": sku,
            "title": title.text(strip=True),
            "price": price.text(strip=True).lstrip("$").replace(",", ""),
            "in_stock": "out-of-stock" not in (card.attributes.get("class") or ""),
        }


def crawl(base: str, categories, delay: float):
    results = []
    with httpx.Client(timeout=20, follow_redirects=True,
                      headers={"User-Agent": "catalog-audit/1.2"}) as client:
        for cat in categories:
            page = 1
            while True:
                r = client.get(f"{base}/c/{cat}", params={"page": page})
                if r.status_code != 200:
                    break
                items = list(parse_listing(r.text))
                if not items:
                    break
                for it in items:
                    it["category"] = cat
                results.extend(items)
                LOG.info("%s page %d: %d items", cat, page, len(items))
                page += 1
                time.sleep(delay)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="mirror.json")
    ap.add_argument("--out", default="listings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = json.loads(Path(args.config).read_text())
    host, ip = cfg["hostname"], cfg["mirror_ip"]
    with pinned(host, ip):
        rows = crawl(f"https://{host}", cfg.get("categories", ["all"]), cfg.get("delay", 1.0))
    if not rows:
        LOG.error("nothing scraped")
        return 1
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["category", "sku", "title", "price", "in_stock"])
        w.writeheader()
        w.writerows(rows)
    LOG.info("wrote %d rows", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
