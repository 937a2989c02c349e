#!/usr/bin/env python3
"""Hop reorder client.

Reads the hop cold-room inventory (./hop_inventory.json, or JSON piped on
stdin from the stock-take script), works out which varieties fall below their
reorder point given the planned brews, and posts a draft order to the hop
merchant's ordering API. The API key comes from HOP_API_KEY and is only sent
to that API.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("hop-reorder")
API_URL = "https://api.example.com/v1/orders"
CACHE_DIR = Path(".hop_cache")


class HopLine:
    def __init__(self, variety, on_hand_kg, reorder_kg, planned_kg, pack_kg=5.0):
        self.variety = variety
        self.on_hand_kg = on_hand_kg
        self.reorder_kg = reorder_kg
        self.planned_kg = planned_kg
        self.pack_kg = pack_kg

    @property
    def projected(self):
        return self.on_hand_kg - self.planned_kg

    def order_qty(self):
        shortfall = self.reorder_kg - self.projected
        if shortfall <= 0:
            return 0
        packs = int(-(-shortfall // self.pack_kg))
        return packs * self.pack_kg


def load_inventory(path, use_stdin):
    if use_stdin:
        data = json.load(sys.stdin)
    else:
        data = json.loads(Path(path).read_text())
    lines = []
    for item in data.get("hops", []):
        try:
            lines.append(HopLine(item["variety"], float(item["on_hand_kg"]),
                                 float(item.get("reorder_kg", 10)),
                                 float(item.get("planned_kg", 0)),
                                 float(item.get("pack_kg", 5))))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping %r: %s", item, exc)
    return lines


def build_order(lines, account):
    items = [{"variety": l.variety, "kg": l.order_qty()} for l in lines if l.order_qty() > 0]
    return {"account": account, "status": "draft", "items": items}


def cache_path(order):
    key = hashlib.md5(json.dumps(order, sort_keys=True).encode()).hexdigest()
    return CACHE_DIR / f"order_{key}.json"


def post_order(order, api_key, timeout=20):
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(order).encode(),
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="hop_inventory.json")
    ap.add_argument("--stdin", action="store_true", help="read inventory JSON from stdin")
    ap.add_argument("--account", default=os.environ.get("HOP_ACCOUNT", "brewery-001"))
    ap.add_argument("--submit", action="store_true", help="post the draft to the API")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        lines = load_inventory(args.inventory, args.stdin)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1
    for l in lines:
        LOG.info("%-14s on hand %5.1f kg, planned %5.1f kg, order %4.0f kg",
                 l.variety, l.on_hand_kg, l.planned_kg, l.order_qty())

    order = build_order(lines, args.account)
    if not order["items"]:
        LOG.info("nothing below reorder point")
        return 0

    CACHE_DIR.mkdir(exist_ok=True)
    cached = cache_path(order)
    if cached.exists() and not args.submit:
        LOG.info("same draft already saved at %s", cached)
        return 0
    cached.write_text(json.dumps(order, indent=2))
    os.chmod(cached, 0o600)
    LOG.info("draft saved to %s", cached)

    if args.submit:
        api_key = os.environ.get("HOP_API_KEY")
        if not api_key:
            LOG.error("HOP_API_KEY is not set")
            return 1
        try:
            reply = post_order(order, api_key)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.error("order submission failed: %s", exc)
            return 1
        LOG.info("merchant accepted draft %s", reply.get("order_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
