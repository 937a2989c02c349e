#!/usr/bin/env python3
"""Submit the nightly ride-fare settlement batch to the payment processor.

Reads settled rides from a CSV export in the working directory, groups them
per rider, and posts one JSON batch to the processor's settlement API. The API
key comes from SETTLEMENT_API_KEY and is only ever sent to that API.
A receipt is written atomically next to the input with owner-only permissions.
"""

import argparse
import base64
import csv
import json
import logging
import os
import tempfile
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import requests

log = logging.getLogger("settlement")

API_BASE = os.environ.get("SETTLEMENT_API_BASE", "https://payments.example.com/v1")


class SettlementClient:
    def __init__(self, api_key: str, base: str = API_BASE, timeout: float = 30.0):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def submit(self, batch: dict) -> dict:
        resp = self.session.post(f"{self.base}/settlements", json=batch,
                                 timeout=self.timeout)
        if resp.status_code == 409:
            log.warning("batch %s already submitted", batch["batch_id"])
            return resp.json()
        resp.raise_for_status()
        return resp.json()


def load_rides(path: Path) -> dict:
    per_rider = defaultdict(lambda: {"rides": 0, "amount": Decimal("0")})
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "settled":
                continue
            rider = per_rider[row["rider_token"]]
            rider["rides"] += 1
            rider["amount"] += Decimal(row["fare"])
    return per_rider


def build_batch(batch_id: str, per_rider: dict, currency: str) -> dict:
    lines = []
    for token, agg in sorted(per_rider.items()):
        lines.append({
            "rider_token": token,
            "ride_count": agg["rides"],
            "amount_minor": int(agg["amount"] * 100),
        })
    # The processor wants a base64 memo; it is just echoed back on the receipt.
    memo = base64.b64encode(f"bikeshare nightly {batch_id}".encode()).decode()
    return {"batch_id": batch_id, "currency": currency, "memo": memo, "lines": lines}


def write_receipt(target: Path, receipt: dict) -> None:
    """Write via a temp file in the same directory, then rename into place."""
    fd, tmp = tempfile.mkstemp(prefix=".receipt-", dir=target.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(receipt, fh, indent=2)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", type=Path, help="settled rides export")
    ap.add_argument("--batch-id", required=True)
    ap.add_argument("--currency", default="EUR")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SETTLEMENT_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SETTLEMENT_API_KEY is not set")
        return 2

    per_rider = load_rides(args.csv)
    if not per_rider:
        log.info("nothing to settle")
        return 0
    batch = build_batch(args.batch_id, per_rider, args.currency)
    log.info("batch %s: %d riders", args.batch_id, len(batch["lines"]))

    if args.dry_run:
        print(json.dumps(batch, indent=2))
        return 0

    try:
        receipt = SettlementClient(api_key).submit(batch)
    except requests.RequestException as exc:
        log.error("submission failed: %s", exc)
        return 1

    write_receipt(args.csv.with_suffix(".receipt.json"), receipt)
    log.info("receipt stored, settlement id %s", receipt.get("id"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
