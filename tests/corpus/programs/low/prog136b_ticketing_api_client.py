#!/usr/bin/env python3
"""Push walk-up sales from the box-office till to the ticketing platform.

The till writes one JSON file per sale into sales/outbox. This posts each
sale to the ticketing platform's API so seat maps stay in sync with online
sales, then moves the file to sales/sent. The API key comes from the
environment and is sent only to the ticketing API.
"""
import argparse
import base64
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("sales-push")

API_BASE = os.environ.get("TICKETING_API", "https://api.tickets.example.com/v3")
STATE_FILE = Path(".sales_push_state.json")


def os_release():
    """Read the distro name for the User-Agent; purely informational."""
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.system())


class TicketingClient:
    def __init__(self, api_key, base=API_BASE, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.s = requests.Session()
        self.s.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"boxoffice-till/2.1 ({os_release()})",
        })

    def post_sale(self, sale):
        url = f"{self.base}/venues/{sale['venue']}/sales"
        for attempt in range(3):
            try:
                r = self.s.post(url, json=sale, timeout=self.timeout)
                if r.status_code == 429:
                    time.sleep(2 ** attempt)
                    continue
                r.raise_for_status()
                return r.json()
            except requests.ConnectionError as exc:
                log.warning("connection problem (%s), retry %d", exc, attempt + 1)
                time.sleep(2 ** attempt)
        raise RuntimeError("gave up after 3 attempts")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"sent": 0, "last": None}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state))
    # contains sale ids only, but no reason for others to read it
    os.chmod(STATE_FILE, 0o600)


def encode_receipt(sale):
    # the platform stores the printed receipt as an opaque base64 blob
    text = "\n".join(f"{l['qty']} x {l['desc']} {l['amount']}" for l in sale.get("lines", []))
    return base64.b64encode(text.encode()).decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--outbox", default="sales/outbox")
    ap.add_argument("--sent", default="sales/sent")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("TICKETING_API_KEY")
    if not key:
        log.error("TICKETING_API_KEY is not set")
        return 1
    client = TicketingClient(key)
    outbox, sent = Path(args.outbox), Path(args.sent)
    sent.mkdir(parents=True, exist_ok=True)
    state = load_state()

    for f in sorted(outbox.glob("*.json")):
        try:
            sale = json.loads(f.read_text())
            sale["receipt_b64"] = encode_receipt(sale)
            reply = client.post_sale(sale)
        except (ValueError, KeyError, RuntimeError, requests.RequestException) as exc:
            log.error("%s not sent: %s", f.name, exc)
            continue
        f.rename(sent / f.name)
        state["sent"] += 1
        state["last"] = reply.get("id")
        log.info("sent %s -> %s", f.name, reply.get("id"))
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
