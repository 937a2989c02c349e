#!/usr/bin/env python3
"""Push accrued loyalty points from the nightly till export to the loyalty platform.

Reads ./exports/loyalty_YYYYMMDD.csv produced by the back-office, aggregates the
points per card and posts them in batches to the loyalty provider's REST API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from urllib import request, error

API_BASE = "https://api.loyaltyhub.example.com/v2"
BATCH_SIZE = 200

log = logging.getLogger("loyalty-push")


class LoyaltyClient:
    def __init__(self, api_key: str, store_id: str, timeout: float = 15.0):
        self._api_key = api_key
        self.store_id = store_id
        self.timeout = timeout

    def _post(self, path: str, payload: dict) -> dict:
        body = json.dumps(payload).encode("utf-8")
        req = request.Request(
            f"{API_BASE}{path}",
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self._api_key}",
                "X-Store-Id": self.store_id,
            },
        )
        with request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read().decode("utf-8") or "{}")

    def accrue(self, entries):
        return self._post("/points/accruals", {"store": self.store_id, "entries": entries})


def load_export(path: Path):
    totals = defaultdict(int)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            card = row.get("card_number", "").strip()
            if not card:
                continue
            try:
                totals[card] += int(row.get("points", "0"))
            except ValueError:
                log.warning("skipping malformed row for card %s", card[-4:])
    return totals


def batched(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", default=time.strftime("%Y%m%d"))
    ap.add_argument("--store", default=os.environ.get("STORE_ID", "0001"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    export = Path("exports") / f"loyalty_{args.date}.csv"
    if not export.exists():
        log.error("no export at %s", export)
        return 1

    api_key = os.environ.get("LOYALTY_API_KEY")
    if not api_key and not args.dry_run:
        log.error("LOYALTY_API_KEY is not set")
        return 2

    totals = load_export(export)
    entries = [{"card": c, "points": p} for c, p in sorted(totals.items()) if p > 0]
    log.info("%d cards with points to accrue", len(entries))
    if args.dry_run:
        print(json.dumps(entries[:5], indent=2))
        return 0

    client = LoyaltyClient(api_key, args.store)
    failed = 0
    for n, chunk in enumerate(batched(entries, BATCH_SIZE), 1):
        try:
            result = client.accrue(chunk)
            log.info("batch %d accepted=%s", n, result.get("accepted"))
        except error.HTTPError as exc:
            failed += 1
            log.error("batch %d rejected: HTTP %s", n, exc.code)
        except error.URLError as exc:
            failed += 1
            log.error("batch %d network error: %s", n, exc.reason)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
