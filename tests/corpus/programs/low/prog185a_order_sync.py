#!/usr/bin/env python3
"""Push packed wholesale orders to the distributor's order API.

At the end of packing, the shed exports packed_orders.csv.  This converts
each row into the distributor's order-line format and posts the batch so
the distributor can book collection.
"""
import argparse
import base64
import csv
import json
import logging
import os
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("ordersync")

API_BASE = os.environ.get("DISTRIBUTOR_API", "https://api.distributor.example.com/v2")
API_KEY_VAR = "_".join(("DISTRIBUTOR", "API", "KEY"))
STATE_FILE = Path(".ordersync_state.json")

SKU = {
    ("oyster_blue", 250): "MUSH-OYB-250",
    ("oyster_pink", 250): "MUSH-OYP-250",
    ("lions_mane", 200): "MUSH-LMN-200",
    ("shiitake", 250): "MUSH-SHI-250",
    ("shiitake", 1000): "MUSH-SHI-1K",
}


class OrderClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.headers = {"Authorization": f"Bearer {key}",
                        "Content-Type": "application/json"}

    def post(self, path, payload):
        req = urllib.request.Request(f"{self.base}/{path}", method="POST",
                                     data=json.dumps(payload).encode(),
                                     headers=self.headers)
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.load(resp)


def load_orders(path):
    orders = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            sku = SKU.get((row["strain"], int(row["pack_g"])))
            if not sku:
                LOG.warning("no SKU for %s %sg", row["strain"], row["pack_g"])
                continue
            orders[row["order_ref"]].append({"sku": sku, "qty": int(row["qty"])})
    return orders


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(done):
    STATE_FILE.write_text(json.dumps(sorted(done)))
    os.chmod(STATE_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", type=Path, nargs="?", default=Path("packed_orders.csv"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get(API_KEY_VAR)
    if not key and not args.dry_run:
        raise SystemExit(f"{API_KEY_VAR} is not set")

    done = load_state()
    client = OrderClient(API_BASE, key or "")
    for ref, lines in load_orders(args.csv).items():
        if ref in done:
            continue
        # distributor wants an opaque idempotency token per order
        token = base64.urlsafe_b64encode(ref.encode()).decode().rstrip("=")
        payload = {"reference": ref, "idempotency": token, "lines": lines}
        if args.dry_run:
            print(json.dumps(payload))
            continue
        try:
            reply = client.post("orders", payload)
            LOG.info("order %s accepted as %s", ref, reply.get("id"))
            done.add(ref)
        except OSError as exc:
            LOG.error("order %s failed: %s", ref, exc)
    if not args.dry_run:
        save_state(done)


if __name__ == "__main__":
    main()
