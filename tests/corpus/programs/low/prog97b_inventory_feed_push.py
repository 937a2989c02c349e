#!/usr/bin/env python3
"""Push the lot's current stock list to the marketplace listing feed.

Reads the DMS export (CSV) from the working directory, normalises the
columns the marketplace expects, and posts the vehicles in batches to the
feed API.  The API key comes from FEED_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("feedpush")

DEFAULT_ENDPOINT = "https://feeds.autolistings-partner.com/v2/inventory"
BATCH_SIZE = 50

COLUMN_MAP = {
    "Stock #": "stock_number",
    "VIN": "vin",
    "Year": "year",
    "Make": "make",
    "Model": "model",
    "Trim": "trim",
    "Odometer": "mileage",
    "Retail Price": "price",
    "Ext Color": "exterior_colour",
    "Photo URLs": "photos",
}


def load_config(path: Path) -> dict:
    if not path.exists():
        return {}
    with path.open() as fh:
        return json.load(fh)


def read_export(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            item = {}
            for src, dst in COLUMN_MAP.items():
                value = (row.get(src) or "").strip()
                if dst in ("year", "mileage"):
                    value = int(value.replace(",", "") or 0)
                elif dst == "price":
                    value = float(value.replace("$", "").replace(",", "") or 0)
                elif dst == "photos":
                    value = [u for u in value.split("|") if u]
                item[dst] = value
            if len(item["vin"]) != 17:
                LOG.warning("skipping stock %s: bad VIN %r", item["stock_number"], item["vin"])
                continue
            yield item


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class FeedClient:
    def __init__(self, endpoint: str, api_key: str, dealer_id: str):
        self.endpoint = endpoint
        self.dealer_id = dealer_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "lot-feedpush/1.4",
        })

    def push(self, vehicles, attempts=3):
        body = {"dealer_id": self.dealer_id, "vehicles": vehicles}
        for attempt in range(1, attempts + 1):
            try:
                resp = self.session.post(self.endpoint, json=body, timeout=30)
                if resp.status_code == 429:
                    wait = int(resp.headers.get("Retry-After", "5"))
                    LOG.info("rate limited, sleeping %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("feed push failed after retries")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", type=Path, help="DMS inventory export CSV")
    parser.add_argument("--config", type=Path, default=Path("feedpush.json"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    api_key = os.environ.get("FEED_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("FEED_API_KEY is not set")
        return 2

    client = FeedClient(cfg.get("endpoint", DEFAULT_ENDPOINT), api_key or "",
                        cfg.get("dealer_id", "UNSET"))
    total = 0
    for batch in batched(read_export(args.export), cfg.get("batch_size", BATCH_SIZE)):
        if args.dry_run:
            LOG.info("dry run: would push %d vehicles", len(batch))
        else:
            result = client.push(batch)
            LOG.info("accepted=%s rejected=%s", result.get("accepted"), result.get("rejected"))
        total += len(batch)

    Path("feedpush_last_run.json").write_text(json.dumps({"pushed": total, "at": time.time()}))
    LOG.info("done, %d vehicles processed", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
