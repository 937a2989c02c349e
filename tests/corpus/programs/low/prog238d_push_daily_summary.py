#!/usr/bin/env python3
"""Push the per-station daily summaries to the network's ingest API.

Reads ./summaries/<date>/*.json produced by the loggers' nightly job and posts
them as one JSON batch. The API key is taken from WXNET_API_KEY and is only
ever sent to the ingest API host.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

INGEST_URL = "https://api.example.com/v1/summaries"
log = logging.getLogger("push_summary")


class IngestClient:
    def __init__(self, url, api_key, timeout=20.0, retries=3):
        self.url = url
        self.timeout = timeout
        self.retries = retries
        self.headers = {
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        }

    def post_batch(self, batch):
        last_error = None
        for attempt in range(1, self.retries + 1):
            try:
                resp = requests.post(self.url, json=batch, headers=self.headers,
                                     timeout=self.timeout)
                if resp.status_code in (200, 201, 202):
                    return resp.json() if resp.content else {}
                if 400 <= resp.status_code < 500:
                    raise RuntimeError(f"rejected: {resp.status_code} {resp.text[:200]}")
                last_error = f"HTTP {resp.status_code}"
            except requests.RequestException as exc:
                last_error = str(exc)
            log.warning("attempt %d failed: %s", attempt, last_error)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up after {self.retries} attempts: {last_error}")


def load_summaries(folder):
    items = []
    for path in sorted(folder.glob("*.json")):
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        if "station" not in data or "date" not in data:
            log.warning("skipping %s: missing station/date", path.name)
            continue
        items.append(data)
    return items


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("date", help="summary date, YYYY-MM-DD")
    parser.add_argument("--root", default="summaries")
    parser.add_argument("--url", default=INGEST_URL)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("WXNET_API_KEY")
    if not api_key and not args.dry_run:
        log.error("WXNET_API_KEY is not set")
        return 1

    folder = Path(args.root) / args.date
    if not folder.is_dir():
        log.error("no summaries for %s in %s", args.date, folder)
        return 1

    summaries = load_summaries(folder)
    log.info("loaded %d summaries for %s", len(summaries), args.date)
    batch = {"date": args.date, "count": len(summaries), "summaries": summaries}

    if args.dry_run:
        print(json.dumps(batch, indent=2)[:2000])
        return 0

    client = IngestClient(args.url, api_key)
    try:
        result = client.post_batch(batch)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    receipt = folder / "ingest_receipt.json"
    with open(receipt, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    log.info("ingest accepted, receipt in %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
