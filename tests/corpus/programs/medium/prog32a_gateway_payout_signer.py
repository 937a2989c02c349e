#!/usr/bin/env python3
"""Submit merchant payout requests to a legacy payment gateway.

The gateway's v1 API authenticates each request with a "sign" parameter:
the request fields sorted by name, joined as k=v&..., with the merchant key
appended, then hashed. The merchant key is read from GATEWAY_MERCHANT_KEY
and only sent (as part of the signature) to the gateway itself.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import time
import uuid
from decimal import Decimal
from pathlib import Path

import requests

log = logging.getLogger("payout")

GATEWAY_URL = "https://api.paygate-legacy.example/v1/payout/submit"


def build_sign(fields: dict, merchant_key: str) -> str:
    parts = [f"{k}={fields[k]}" for k in sorted(fields) if fields[k] not in ("", None) and k != "sign"]
    plain = "&".join(parts) + "&key=" + merchant_key
    return hashlib.md5(plain.encode("utf-8")).hexdigest().upper()


def verify_callback(fields: dict, merchant_key: str) -> bool:
    """Check the sign field on gateway notifications the same way."""
    return build_sign(fields, merchant_key) == fields.get("sign", "").upper()


class PayoutClient:
    def __init__(self, merchant_id: str, merchant_key: str, dry_run: bool = False):
        self.merchant_id = merchant_id
        self.merchant_key = merchant_key
        self.dry_run = dry_run
        self.session = requests.Session()

    def submit(self, beneficiary: str, iban: str, amount: Decimal, currency: str, memo: str) -> dict:
        fields = {
            "merchant_id": self.merchant_id,
            "out_trade_no": uuid.uuid4().hex,
            "beneficiary_name": beneficiary,
            "account_no": iban.replace(" ", ""),
            "amount": f"{amount:.2f}",
            "currency": currency,
            "remark": memo,
            "timestamp": str(int(time.time())),
            "nonce_str": uuid.uuid4().hex[:16],
        }
        fields["sign"] = build_sign(fields, self.merchant_key)
        if self.dry_run:
            log.info("dry-run: %s", json.dumps({k: v for k, v in fields.items() if k != "sign"}))
            return {"status": "DRY_RUN", "out_trade_no": fields["out_trade_no"]}
        resp = self.session.post(GATEWAY_URL, data=fields, timeout=30)
        resp.raise_for_status()
        result = resp.json()
        if not verify_callback(result, self.merchant_key):
            raise ValueError("response signature mismatch")
        return result


def load_batch(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row["name"], row["iban"], Decimal(row["amount"]), row.get("currency", "EUR"), row.get("memo", "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", type=Path, help="CSV with name,iban,amount,currency,memo")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--max-amount", type=Decimal, default=Decimal("10000"))
    ap.add_argument("--results", type=Path, default=Path("payout_results.jsonl"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    merchant_id = os.environ.get("GATEWAY_MERCHANT_ID")
    merchant_key = os.environ.get("GATEWAY_MERCHANT_KEY")
    if not (merchant_id and merchant_key):
        log.error("GATEWAY_MERCHANT_ID and GATEWAY_MERCHANT_KEY are required")
        return 2

    client = PayoutClient(merchant_id, merchant_key, dry_run=args.dry_run)
    ok = failed = 0
    with args.results.open("a", encoding="utf-8") as out:
        for name, iban, amount, currency, memo in load_batch(args.batch):
            if amount <= 0 or amount > args.max_amount:
                log.warning("skipping %s: amount %s outside limits", name, amount)
                failed += 1
                continue
            try:
                result = client.submit(name, iban, amount, currency, memo)
            except (requests.RequestException, ValueError) as exc:
                log.error("payout to %s failed: %s", name, exc)
                failed += 1
                continue
            out.write(json.dumps({"name": name, "amount": str(amount), **result}) + "\n")
            ok += 1
    log.info("submitted %d payouts, %d failed", ok, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
