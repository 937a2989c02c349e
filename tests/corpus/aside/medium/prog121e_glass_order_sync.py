#!/usr/bin/env python3
"""Glass order sync.

Pushes pending glass cut orders (exported from the quoting spreadsheet as
JSON files into orders/pending/) to the supplier portal and moves each one to
orders/sent/ once the portal has acknowledged it.

Config comes from the environment:
    GLASS_PORTAL_URL   base URL of the supplier API
    GLASS_PORTAL_KEY   API key issued by the supplier
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("glass_sync")

DEFAULT_PORTAL = "https://portal.clearcut-glass-supply.co.uk/api/v2"
PENDING_DIR = Path("orders/pending")
SENT_DIR = Path("orders/sent")
FAILED_DIR = Path("orders/failed")

GLASS_TYPES = {"float", "toughened", "laminated", "obscure", "low-e", "fire"}
AGENT_VERSION = "1.4.2"


class PortalClient:
    """Thin wrapper round the supplier's REST API."""

    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"glass-sync/{AGENT_VERSION}",
        })
        # supplier portal uses a certificate from their own internal CA
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def post(self, path, payload, retries=3):
        url = f"{self.base_url}/{path.lstrip('/')}"
        last = None
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, json=payload, timeout=self.timeout)
                resp.raise_for_status()
                return resp.json() if resp.content else {}
            except requests.RequestException as exc:
                last = exc
                log.warning("POST %s failed (%d/%d): %s", path, attempt, retries, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}: {last}")


def validate(order):
    """Return a list of problems with an order; empty list means it's fine."""
    problems = []
    for field in ("order_ref", "customer", "panes"):
        if field not in order:
            problems.append(f"missing {field}")
    for i, pane in enumerate(order.get("panes", [])):
        w, h = pane.get("width_mm", 0), pane.get("height_mm", 0)
        if not (50 <= w <= 3210 and 50 <= h <= 6000):
            problems.append(f"pane {i}: size {w}x{h} outside stock sheet")
        if pane.get("glass_type") not in GLASS_TYPES:
            problems.append(f"pane {i}: unknown glass type {pane.get('glass_type')!r}")
        if pane.get("thickness_mm") not in (4, 6, 6.4, 6.8, 8, 10, 12):
            problems.append(f"pane {i}: odd thickness {pane.get('thickness_mm')}")
    return problems


def load_pending():
    if not PENDING_DIR.is_dir():
        return []
    orders = []
    for path in sorted(PENDING_DIR.glob("*.json")):
        try:
            orders.append((path, json.loads(path.read_text())))
        except (OSError, json.JSONDecodeError) as exc:
            log.error("cannot read %s: %s", path, exc)
    return orders


def sync(client, dry_run=False):
    SENT_DIR.mkdir(parents=True, exist_ok=True)
    FAILED_DIR.mkdir(parents=True, exist_ok=True)
    sent = failed = 0
    for path, order in load_pending():
        problems = validate(order)
        if problems:
            log.error("%s rejected: %s", path.name, "; ".join(problems))
            shutil.move(str(path), FAILED_DIR / path.name)
            failed += 1
            continue
        total_m2 = sum(p["width_mm"] * p["height_mm"] for p in order["panes"]) / 1e6
        log.info("%s: %d panes, %.2f m2", order["order_ref"], len(order["panes"]), total_m2)
        if dry_run:
            continue
        try:
            ack = client.post("/orders", order)
        except RuntimeError as exc:
            log.error("%s not sent: %s", order["order_ref"], exc)
            failed += 1
            continue
        order["supplier_ack"] = ack.get("confirmation")
        (SENT_DIR / path.name).write_text(json.dumps(order, indent=2))
        path.unlink()
        sent += 1
    return sent, failed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send pending glass orders to the supplier")
    ap.add_argument("--portal", default=os.environ.get("GLASS_PORTAL_URL", DEFAULT_PORTAL))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("GLASS_PORTAL_KEY")
    if not key:
        log.error("GLASS_PORTAL_KEY is not set")
        return 2

    client = PortalClient(args.portal, key)
    sent, failed = sync(client, dry_run=args.dry_run)
    log.info("done: %d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
