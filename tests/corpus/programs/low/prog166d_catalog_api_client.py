#!/usr/bin/env python3
"""Publish new catalog descriptions to the county's online catalog.

Reads description records prepared by the catalogers (JSON files in the
outbox folder) and posts them to the catalog API. Successfully published
files are moved to the sent folder.
"""

import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("CATALOG_API_BASE", "https://catalog.countyarchive.example/api/v2")
OUTBOX = Path("./outbox")
SENT = Path("./sent")

log = logging.getLogger("catalog-client")


class CatalogClient:
    def __init__(self, base_url: str, api_key: str, timeout: int = 20):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "county-archive-catalog-client/1.3",
        })
        self.timeout = timeout

    def ping(self) -> bool:
        resp = self.session.get(f"{self.base_url}/health", timeout=self.timeout)
        return resp.status_code == 200

    def publish(self, record: dict) -> dict:
        for attempt in range(1, 4):
            resp = self.session.post(f"{self.base_url}/descriptions",
                                     json=record, timeout=self.timeout)
            if resp.status_code in (429, 502, 503):
                wait = 2 ** attempt
                log.warning("server busy (%s), retrying in %ss", resp.status_code, wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError("catalog API unavailable after retries")


def validate(record: dict) -> list:
    problems = []
    for field in ("identifier", "title", "level", "dates"):
        if not record.get(field):
            problems.append(f"missing {field}")
    if record.get("level") not in (None, "fonds", "series", "file", "item"):
        problems.append(f"unknown level {record.get('level')}")
    return problems


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--outbox", type=Path, default=OUTBOX)
    parser.add_argument("--sent", type=Path, default=SENT)
    parser.add_argument("--check-only", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CATALOG_API_KEY")
    if not api_key:
        log.error("CATALOG_API_KEY is not set")
        return 2

    client = CatalogClient(API_BASE, api_key)
    if not client.ping():
        log.error("catalog API health check failed")
        return 1

    args.sent.mkdir(parents=True, exist_ok=True)
    published = skipped = 0
    for path in sorted(args.outbox.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        problems = validate(record)
        if problems:
            log.warning("%s: %s", path.name, "; ".join(problems))
            skipped += 1
            continue
        if args.check_only:
            log.info("%s: ok", path.name)
            continue
        result = client.publish(record)
        log.info("%s published as %s", path.name, result.get("id"))
        path.rename(args.sent / path.name)
        published += 1

    log.info("published %d, skipped %d", published, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
