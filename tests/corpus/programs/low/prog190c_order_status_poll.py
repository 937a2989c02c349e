#!/usr/bin/env python3
"""Poll the shop API for harp order status and post build milestones.

Workshop staff run this at the end of the day: it fetches open orders from
the shop's order API and posts a milestone (e.g. "strung", "regulated")
for each harp listed in the local milestones file.
"""
import argparse
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("order-status")

API_BASE = os.environ.get("SHOP_API", "https://api.shop.example.com/v2")
MILESTONES = Path(os.environ.get("MILESTONES_FILE", "milestones.json"))


@dataclass
class Client:
    base: str
    key: str
    timeout: float = 15.0

    def _net(self):
        return importlib.import_module("urllib.request")

    def _call(self, method: str, path: str, body=None):
        net = self._net()
        data = json.dumps(body).encode() if body is not None else None
        req = net.Request(self.base + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        })
        with net.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"null")


def _bind(method):
    def call(self, path, body=None):
        return Client._call(self, method, path, body)
    return call


for _verb in ("GET", "POST"):
    setattr(Client, _verb.lower(), _bind(_verb))


def open_orders(client: Client):
    page, out = 1, []
    while True:
        batch = client.get(f"/orders?status=in_build&page={page}")
        out.extend(batch.get("items", []))
        if not batch.get("next"):
            return out
        page += 1


def post_milestones(client: Client, orders, milestones: dict, dry_run: bool):
    by_serial = {o["serial"]: o for o in orders}
    sent = 0
    for serial, stage in milestones.items():
        order = by_serial.get(serial)
        if not order:
            log.warning("serial %s not in open orders", serial)
            continue
        body = {"stage": stage, "note": f"{order['model']} reached {stage}"}
        if dry_run:
            log.info("would post %s -> %s", serial, body)
        else:
            client.post(f"/orders/{order['id']}/milestones", body)
            sent += 1
    return sent


def main():
    ap = argparse.ArgumentParser(description="shop order status / milestones")
    ap.add_argument("--list", action="store_true", help="only list open orders")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("SHOP_API_KEY")
    if not key:
        log.error("SHOP_API_KEY not set")
        return 1
    client = Client(API_BASE, key)
    orders = open_orders(client)
    if args.list:
        for o in orders:
            print(f"{o['serial']:<10} {o['model']:<18} {o.get('stage', '-')}")
        return 0
    milestones = json.loads(MILESTONES.read_text()) if MILESTONES.exists() else {}
    sent = post_milestones(client, orders, milestones, args.dry_run)
    log.info("%d milestones posted", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
