#!/usr/bin/env python3
"""Scrape product prices from retailer pages and upload observations to PriceTrack.

The PriceTrack ingestion key is read from PRICETRACK_API_KEY and is sent only to
the PriceTrack ingestion API.
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import asdict, dataclass
from datetime import datetime, timezone

import requests
from lxml import html as lxml_html

INGEST_URL = "https://api.pricetrack.example.com/v1/observations"
log = logging.getLogger("price-uploader")


@dataclass
class Observation:
    sku: str
    url: str
    price: float
    currency: str
    seen_at: str


def load_targets(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)["targets"]


def parse_price(text):
    cleaned = text.replace("\u00a0", "").replace(",", ".").strip()
    digits = "".join(ch for ch in cleaned if ch.isdigit() or ch == ".")
    return float(digits) if digits else None


def scrape(target, session):
    resp = session.get(target["url"], timeout=20)
    resp.raise_for_status()
    tree = lxml_html.fromstring(resp.content)
    nodes = tree.xpath(target["price_xpath"])
    if not nodes:
        raise ValueError("price node not found")
    price = parse_price(nodes[0].text_content())
    if price is None:
        raise ValueError("unparseable price")
    return Observation(
        sku=target["sku"],
        url=target["url"],
        price=price,
        currency=target.get("currency", "EUR"),
        seen_at=datetime.now(timezone.utc).isoformat(),
    )


def upload(observations, api_key):
    payload = {"observations": [asdict(o) for o in observations]}
    resp = requests.post(
        INGEST_URL,
        json=payload,
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=30,
    )
    resp.raise_for_status()
    return resp.json().get("accepted", 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="targets.json")
    ap.add_argument("--delay", type=float, default=3.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("PRICETRACK_API_KEY")
    if not api_key and not args.dry_run:
        sys.exit("PRICETRACK_API_KEY is not set")

    session = requests.Session()
    session.headers["User-Agent"] = "PriceTrackCollector/2.0"
    collected = []
    for target in load_targets(args.targets):
        try:
            obs = scrape(target, session)
            collected.append(obs)
            log.info("%s -> %.2f %s", obs.sku, obs.price, obs.currency)
        except (requests.RequestException, ValueError) as exc:
            log.warning("failed %s: %s", target.get("sku"), exc)
        time.sleep(args.delay)

    if args.dry_run:
        print(json.dumps([asdict(o) for o in collected], indent=2))
        return
    if collected:
        log.info("uploaded, %d accepted", upload(collected, api_key))


if __name__ == "__main__":
    main()
