#!/usr/bin/env python3
"""Push queued web shop orders to the fulfilment API.

Orders are JSON files in ./outbox. Each one is POSTed to the fulfilment API
with the shop's API key (SHOP_API_KEY). Sent orders move to ./sent, and the
temporary build files this tool writes in ./build are removed afterwards.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("order_sync")

API = {
    "base": "https://api.example.com",
    "orders": "/v1/fulfilment/orders",
    "health": "/v1/health",
}


class FulfilmentClient:
    def __init__(self, key, timeout=15):
        self.key = key
        self.timeout = timeout
        self.host = urllib.parse.urlsplit(API["base"]).netloc

    def _url(self, path):
        url = urllib.parse.urljoin(API["base"], path)
        if urllib.parse.urlsplit(url).netloc != self.host:
            raise ValueError("refusing to send credentials off the fulfilment host")
        return url

    def healthy(self):
        req = urllib.request.Request(self._url(API["health"]), method="HEAD")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status == 200
        except urllib.error.URLError as exc:
            LOG.warning("health check failed: %s", exc)
            return False

    def submit(self, order):
        body = json.dumps(order).encode("utf-8")
        req = urllib.request.Request(
            self._url(API["orders"]), data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.key}"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def normalise(order):
    """Drop fields the fulfilment partner should not see."""
    return {
        "id": order["id"],
        "ship_to": order["shipping"],
        "lines": [{"sku": l["sku"], "qty": l["qty"], "grind": l.get("grind", "whole")}
                  for l in order["lines"]],
    }


def clean_build(build_dir):
    for tmp in Path(build_dir).glob("*.tmp"):
        tmp.unlink()
    LOG.debug("cleared %s", build_dir)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--outbox", default="outbox")
    ap.add_argument("--sent", default="sent")
    ap.add_argument("--build", default="build")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key:
        LOG.error("SHOP_API_KEY is not set")
        return 2

    client = FulfilmentClient(key)
    if not args.dry_run and not client.healthy():
        return 1

    Path(args.sent).mkdir(exist_ok=True)
    Path(args.build).mkdir(exist_ok=True)
    failures = 0
    for path in sorted(Path(args.outbox).glob("*.json")):
        order = normalise(json.loads(path.read_text()))
        staged = Path(args.build) / (path.stem + ".tmp")
        staged.write_text(json.dumps(order))
        if args.dry_run:
            LOG.info("would send %s", order["id"])
            continue
        try:
            result = client.submit(order)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.error("order %s failed: %s", order["id"], exc)
            failures += 1
            continue
        LOG.info("order %s accepted as %s", order["id"], result.get("reference"))
        shutil.move(str(path), Path(args.sent) / path.name)

    clean_build(args.build)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
