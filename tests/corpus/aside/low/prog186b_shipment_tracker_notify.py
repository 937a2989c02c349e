#!/usr/bin/env python3
"""Wholesale shipment tracker.

Registers outbound pallet shipments with the freight carrier's API and
pulls back their tracking status for the dispatch sheet.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("shipments")


@dataclass
class Shipment:
    order: str
    consignee: str
    city: str
    pallets: int
    cases: int


class CarrierClient:
    base = os.environ.get("CARRIER_API", "https://api.freightco.example.com/v1")
    _verbs = {"create": "POST", "status": "GET"}

    def __init__(self):
        self._key = os.environ["CARRIER_API_KEY"]
        self._http = importlib.import_module("urllib.request")

    def _call(self, action: str, path: str, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = self._http.Request(self.base + path, data=data, method=self._verbs[action],
                                 headers={"Authorization": f"Bearer {self._key}",
                                          "Content-Type": "application/json"})
        with self._http.urlopen(req, timeout=30) as resp:
            return json.load(resp)

    def create(self, s: Shipment):
        return self._call("create", "/shipments", {"reference": s.order, **asdict(s)})

    def status(self, tracking: str):
        return self._call("status", f"/shipments/{tracking}")


def read_orders(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Shipment(row["order"], row["consignee"], row["city"],
                           int(row["pallets"]), int(row["cases"]))


def load_ledger(path: Path):
    return json.loads(path.read_text()) if path.exists() else {}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["register", "status"])
    ap.add_argument("--orders", type=Path, default=Path("dispatch_today.csv"))
    ap.add_argument("--ledger", type=Path, default=Path("tracking_ledger.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    client = CarrierClient()
    ledger = load_ledger(args.ledger)

    def register():
        for s in read_orders(args.orders):
            if s.order in ledger:
                continue
            res = client.create(s)
            ledger[s.order] = res["tracking_number"]
            log.info("%s -> %s (%d pallets to %s)", s.order, ledger[s.order], s.pallets, s.city)
        args.ledger.write_text(json.dumps(ledger, indent=2))
        os.chmod(args.ledger, 0o600)

    def status():
        for order, tracking in sorted(ledger.items()):
            st = client.status(tracking)
            log.info("%-10s %-14s %s  %s", order, tracking, st.get("state"), st.get("eta", "-"))

    {"register": register, "status": status}[args.action]()


if __name__ == "__main__":
    main()
