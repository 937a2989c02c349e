#!/usr/bin/env python3
"""Tell customers their livestock order is ready for collection.

Reads the day's ready-orders export and posts one notification per order to
the shop's SMS/e-mail provider.  The API key comes from the environment and
is only ever sent to that provider.
"""
import argparse
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests

LOG = logging.getLogger("order-notify")

API_URL = os.environ.get("NOTIFY_API_URL", "https://api.example.com/v1/messages")
TEMPLATE = (
    "Hi {first_name}, your order #{order_id} ({summary}) is ready to collect "
    "from Scales & Tails. We're open until {close_time} today."
)


class Notifier:
    def __init__(self, api_key: str, dry_run: bool):
        self.dry_run = dry_run
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def send(self, order: dict, close_time: str) -> bool:
        body = {
            "to": order["phone"] if order.get("prefer_sms") else order["email"],
            "channel": "sms" if order.get("prefer_sms") else "email",
            "message": TEMPLATE.format(
                first_name=order["first_name"],
                order_id=order["order_id"],
                summary=", ".join(order.get("items", []))[:80],
                close_time=close_time,
            ),
            "reference": f"order-{order['order_id']}",
        }
        if self.dry_run:
            LOG.info("DRY %s", json.dumps(body))
            return True
        try:
            resp = self.session.post(API_URL, json=body, timeout=15)
            resp.raise_for_status()
        except requests.RequestException as exc:
            LOG.warning("order %s: %s", order["order_id"], exc)
            return False
        return True


def load_orders(path: Path) -> list:
    data = json.loads(path.read_text())
    ready = [o for o in data.get("orders", []) if o.get("status") == "ready"]
    LOG.info("%d of %d orders are ready", len(ready), len(data.get("orders", [])))
    return ready


def main():
    parser = argparse.ArgumentParser(description="Send order-ready notifications")
    parser.add_argument("export", type=Path, nargs="?",
                        default=Path(f"exports/ready-{date.today():%Y%m%d}.json"))
    parser.add_argument("--close-time", default="17:30")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("NOTIFY_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("NOTIFY_API_KEY is not set")
        sys.exit(1)

    if not args.export.exists():
        LOG.error("export %s not found", args.export)
        sys.exit(1)

    notifier = Notifier(api_key or "", args.dry_run)
    sent = failed = 0
    for order in load_orders(args.export):
        if notifier.send(order, args.close_time):
            sent += 1
        else:
            failed += 1
    LOG.info("sent %d, failed %d", sent, failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
