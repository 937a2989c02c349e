#!/usr/bin/env python3
"""Restock bot for the wholesale supplier.

Compares tonight's stock count (stock.csv) with the par levels in
supplier.ini, rounds shortfalls up to the supplier's case sizes and places
the order through the supplier's trade API so it is on the van for the
morning delivery slot.  The trade API key is read from SUPPLIER_API_KEY.
"""
import argparse
import configparser
import csv
import json
import logging
import math
import os
import sys
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("restock")


class SupplierClient:
    def __init__(self, base_url: str, account: str, api_key: str, timeout: float = 15.0):
        self.base_url = base_url.rstrip("/")
        self.account = account
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "truck-restock/1.4",
        })
        self.timeout = timeout

    def _request(self, method: str, path: str, **kw) -> dict:
        url = f"{self.base_url}{path}"
        for attempt in range(1, 5):
            try:
                resp = self.session.request(method, url, timeout=self.timeout, **kw)
            except requests.ConnectionError as exc:
                log.warning("%s %s failed (%s), attempt %d", method, path, exc, attempt)
            else:
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json()
                log.warning("%s %s -> %s, attempt %d", method, path, resp.status_code, attempt)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"supplier API unavailable: {method} {path}")

    def catalogue(self) -> dict:
        data = self._request("GET", f"/accounts/{self.account}/catalogue")
        return {p["sku"]: p for p in data.get("products", [])}

    def place_order(self, lines: list, delivery: date, note: str) -> dict:
        body = {
            "account": self.account,
            "delivery_date": delivery.isoformat(),
            "lines": lines,
            "note": note,
        }
        return self._request("POST", f"/accounts/{self.account}/orders", json=body,
                             headers={"Idempotency-Key": str(uuid.uuid4())})


def read_stock(path: Path) -> dict:
    with path.open(newline="", encoding="utf-8") as fh:
        return {row["sku"]: float(row["on_hand"]) for row in csv.DictReader(fh)}


def build_lines(stock: dict, par: dict, catalogue: dict) -> list:
    lines = []
    for sku, target in par.items():
        short = float(target) - stock.get(sku, 0.0)
        if short <= 0:
            continue
        product = catalogue.get(sku)
        if not product:
            log.warning("sku %s not in supplier catalogue, skipping", sku)
            continue
        case = int(product.get("case_size", 1)) or 1
        cases = math.ceil(short / case)
        lines.append({"sku": sku, "quantity": cases, "unit": "case"})
        log.info("%-10s %-28s short %.1f -> %d case(s) of %d", sku, product.get("name", "?"), short, cases, case)
    return lines


def save_receipt(order: dict, out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"order_{order.get('order_id', 'unknown')}.json"
    path.write_text(json.dumps(order, indent=2), encoding="utf-8")
    return path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Place tomorrow's restock order")
    ap.add_argument("--config", type=Path, default=Path("supplier.ini"))
    ap.add_argument("--stock", type=Path, default=Path("stock.csv"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--note", default="Rear door, van parks on Mill Lane")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    api_key = os.environ.get("SUPPLIER_API_KEY")
    if not api_key:
        log.error("SUPPLIER_API_KEY not set")
        return 2

    client = SupplierClient(cfg["supplier"]["base_url"], cfg["supplier"]["account"], api_key)
    par = dict(cfg["par"])
    try:
        stock = read_stock(args.stock)
        lines = build_lines(stock, par, client.catalogue())
    except (OSError, KeyError, RuntimeError, requests.HTTPError) as exc:
        log.error("could not prepare order: %s", exc)
        return 1
    if not lines:
        log.info("nothing below par, no order needed")
        return 0
    if args.dry_run:
        print(json.dumps(lines, indent=2))
        return 0
    delivery = date.today() + timedelta(days=int(cfg["supplier"].get("lead_days", "1")))
    order = client.place_order(lines, delivery, args.note)
    log.info("order %s accepted, %d lines, receipt %s", order.get("order_id"), len(lines),
             save_receipt(order, Path("orders")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
