#!/usr/bin/env python3
"""Push packed mail-order shipments to the fulfilment partner API.

Reads the day's packing list (CSV exported from the shop), posts each
shipment to the partner's API using the key from the environment, and keeps
a local receipt file with the tracking numbers the API returns.
"""
import argparse
import csv
import json
import logging
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request

log = logging.getLogger("order-export")

API_BASE = "https://api.example.com/v2"
TIMEOUT = 15


class PartnerClient:
    def __init__(self, api_key, base=API_BASE):
        self.base = base.rstrip("/")
        self.headers = {
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "nursery-order-export/1.3",
        }

    def create_shipment(self, payload, retries=3):
        url = f"{self.base}/shipments"
        body = json.dumps(payload).encode()
        for attempt in range(1, retries + 1):
            req = urllib.request.Request(url, data=body, headers=self.headers,
                                         method="POST")
            try:
                with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
                    return json.load(resp)
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                log.warning("server error %s, attempt %d", exc.code, attempt)
            except urllib.error.URLError as exc:
                log.warning("network error %s, attempt %d", exc.reason, attempt)
            time.sleep(2 * attempt)
        raise RuntimeError("partner API unavailable")


def read_packing_list(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield {
                "reference": row["order_id"],
                "recipient": {"name": row["name"], "postcode": row["postcode"],
                              "country": row.get("country", "NL")},
                "parcels": [{"weight_g": int(row["weight_g"])}],
                "contents": "seeds and young plants",
            }


def write_receipts(path, receipts):
    # write atomically next to the target so a crash never leaves half a file
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".receipts-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(receipts, fh, indent=2)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packing_csv")
    ap.add_argument("--receipts", default="receipts.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("PARTNER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PARTNER_API_KEY is not set")
        return 2

    client = PartnerClient(api_key or "")
    receipts, failed = {}, 0
    for shipment in read_packing_list(args.packing_csv):
        ref = shipment["reference"]
        if args.dry_run:
            log.info("would send %s", ref)
            continue
        try:
            resp = client.create_shipment(shipment)
            receipts[ref] = resp.get("tracking_number")
            log.info("%s -> %s", ref, receipts[ref])
        except (urllib.error.HTTPError, RuntimeError) as exc:
            failed += 1
            log.error("%s failed: %s", ref, exc)

    if receipts:
        write_receipts(args.receipts, receipts)
    log.info("%d sent, %d failed", len(receipts), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
