#!/usr/bin/env python3
"""Pull today's confirmed orders from the wholesaler portal API.

Writes one CSV per delivery so the goods-in team can tick items off.
"""
import argparse
import csv
import logging
import os
import sys
from datetime import date
from pathlib import Path

import requests
import urllib3
import yaml

LOG = logging.getLogger("orders")

DEFAULT_CONFIG = Path("wholesaler.yaml")


def load_config(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("base_url", "https://portal.wholesaler.example/api/v1")
    cfg.setdefault("account", os.environ.get("WHOLESALER_ACCOUNT", ""))
    cfg.setdefault("verify_tls", False)
    return cfg


class PortalClient:
    def __init__(self, cfg):
        self.base = cfg["base_url"].rstrip("/")
        self.account = cfg["account"]
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {os.environ['WHOLESALER_API_KEY']}"
        self.session.verify = cfg["verify_tls"]
        if not self.session.verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def orders(self, day):
        url = f"{self.base}/accounts/{self.account}/orders"
        resp = self.session.get(url, params={"date": day.isoformat(), "status": "confirmed"},
                                timeout=30)
        resp.raise_for_status()
        return resp.json().get("orders", [])

    def lines(self, order_id):
        url = f"{self.base}/orders/{order_id}/lines"
        resp = self.session.get(url, timeout=30)
        resp.raise_for_status()
        return resp.json().get("lines", [])


def write_delivery(out_dir, order, lines):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"delivery_{order['delivery_run']}_{order['id']}.csv"
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["pip_code", "description", "pack", "ordered", "supplied", "note"])
        for line in lines:
            writer.writerow([
                line.get("pip_code"),
                line.get("description"),
                line.get("pack_size"),
                line.get("qty_ordered"),
                line.get("qty_supplied"),
                "OWING" if line.get("qty_supplied", 0) < line.get("qty_ordered", 0) else "",
            ])
    return path


def main():
    parser = argparse.ArgumentParser(description="Fetch wholesaler orders")
    parser.add_argument("--config", default=str(DEFAULT_CONFIG))
    parser.add_argument("--date", type=date.fromisoformat, default=date.today())
    parser.add_argument("--out", default="deliveries")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if "WHOLESALER_API_KEY" not in os.environ:
        LOG.error("WHOLESALER_API_KEY is not set")
        return 1
    client = PortalClient(load_config(args.config))
    try:
        orders = client.orders(args.date)
    except requests.RequestException as exc:
        LOG.error("portal unavailable: %s", exc)
        return 2

    out_dir = Path(args.out) / args.date.isoformat()
    for order in orders:
        path = write_delivery(out_dir, order, client.lines(order["id"]))
        LOG.info("order %s -> %s", order["id"], path)
    LOG.info("%d orders for %s", len(orders), args.date)
    return 0


if __name__ == "__main__":
    sys.exit(main())
