#!/usr/bin/env python3
"""Quote parcel rates for outgoing record shipments from the carrier API."""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict, field

log = logging.getLogger("carrier-rates")

API_ROOT = os.environ.get("CARRIER_API", "https://api.parcelcarrier.example/v1")

# weight of one 12" LP with inner sleeve and jacket, grams
LP_WEIGHT = {"140": 230, "180": 275, "200": 300}
MAILER_WEIGHT = 180


@dataclass
class Shipment:
    reference: str
    country: str
    postcode: str
    records: int
    grams: str = "180"
    services: list = field(default_factory=lambda: ["standard", "express"])

    def weight_kg(self):
        return round((self.records * LP_WEIGHT[self.grams] + MAILER_WEIGHT) / 1000, 2)


class CarrierClient:
    def __init__(self, root: str, key: str):
        self.root = root.rstrip("/")
        self._http = importlib.import_module("req" + "uests")
        self._headers = {"X-Api-Key": key, "Content-Type": "application/json"}

    def _call(self, verb: str, path: str, body=None):
        fn = getattr(self._http, verb)
        kwargs = {"headers": self._headers, "timeout": 20}
        if body is not None:
            kwargs["data"] = json.dumps(body)
        resp = fn(f"{self.root}{path}", **kwargs)
        resp.raise_for_status()
        return resp.json()

    def quote(self, s: Shipment):
        body = {
            "reference": s.reference,
            "origin": {"country": os.environ.get("PLANT_COUNTRY", "DE"),
                       "postcode": os.environ.get("PLANT_POSTCODE", "10115")},
            "destination": {"country": s.country, "postcode": s.postcode},
            "parcel": {"weight_kg": s.weight_kg(), "length_cm": 34,
                       "width_cm": 34, "height_cm": 5},
            "services": s.services,
        }
        return self._call("post", "/rates", body)

    def ping(self):
        return self._call("get", "/status")


async def quote_all(client: CarrierClient, shipments):
    loop = asyncio.get_running_loop()
    jobs = [loop.run_in_executor(None, client.quote, s) for s in shipments]
    return await asyncio.gather(*jobs, return_exceptions=True)


def load_shipments(path):
    with open(path) as fh:
        return [Shipment(**item) for item in json.load(fh)]


def cheapest(result):
    rates = result.get("rates", []) if isinstance(result, dict) else []
    return min(rates, key=lambda r: r.get("amount", 1e9)) if rates else None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("shipments", help="JSON list of shipments")
    ap.add_argument("--check", action="store_true", help="only check API status")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("CARRIER_API_KEY")
    if not key:
        log.error("CARRIER_API_KEY not set")
        return 1
    client = CarrierClient(API_ROOT, key)
    if args.check:
        print(json.dumps(client.ping(), indent=2))
        return 0
    shipments = load_shipments(args.shipments)
    results = asyncio.run(quote_all(client, shipments))
    for s, r in zip(shipments, results):
        if isinstance(r, Exception):
            log.warning("%s: %s", s.reference, r)
            continue
        best = cheapest(r)
        print(json.dumps({"shipment": asdict(s)["reference"],
                          "kg": s.weight_kg(), "best": best}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
