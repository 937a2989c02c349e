#!/usr/bin/env python3
"""Tea stock checker.

Pulls current stock levels from the inventory service, compares them with
the par levels in pars.csv and writes a reorder list for the weekly
wholesaler order.
"""
import argparse
import csv
import datetime as dt
import logging
import os
from pathlib import Path

import requests

log = logging.getLogger("stock")

INVENTORY_API = os.environ.get("WS_INVENTORY_API", "https://inventory.example.com/api/v1")
PARS_FILE = Path(os.environ.get("WS_PARS", "pars.csv"))
OUT_DIR = Path("reorders")


class InventoryClient:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"

    def stock(self, location):
        resp = self.session.get(f"{self.base}/stock", params={"location": location}, timeout=15)
        resp.raise_for_status()
        return {item["sku"]: item for item in resp.json().get("items", [])}


def load_pars(path):
    pars = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            pars[row["sku"]] = {"name": row["name"], "par_g": int(row["par_g"]),
                                "pack_g": int(row.get("pack_g") or 1000)}
    return pars


def reorder_lines(stock, pars):
    lines = []
    for sku, par in pars.items():
        have = int(stock.get(sku, {}).get("grams", 0))
        if have >= par["par_g"]:
            continue
        short = par["par_g"] - have
        packs = -(-short // par["pack_g"])  # ceil division
        lines.append({"sku": sku, "name": par["name"], "have_g": have,
                      "par_g": par["par_g"], "packs": packs})
    return sorted(lines, key=lambda l: l["name"])


def write_reorder(lines, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"reorder_{dt.date.today().isoformat()}.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["sku", "name", "have_g", "par_g", "packs"])
        writer.writeheader()
        writer.writerows(lines)
    return path


def main():
    parser = argparse.ArgumentParser(description="Build the weekly tea reorder list")
    parser.add_argument("--location", default="main-room")
    parser.add_argument("--pars", type=Path, default=PARS_FILE)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    client = InventoryClient(INVENTORY_API, os.environ.get("WS_INVENTORY_TOKEN"))
    try:
        stock = client.stock(args.location)
    except requests.RequestException as exc:
        log.error("inventory service unavailable: %s", exc)
        raise SystemExit(1)
    lines = reorder_lines(stock, load_pars(args.pars))
    if not lines:
        log.info("everything is above par")
        return
    path = write_reorder(lines, OUT_DIR)
    log.info("%d lines written to %s", len(lines), path)


if __name__ == "__main__":
    main()
