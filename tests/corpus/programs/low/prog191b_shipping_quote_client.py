#!/usr/bin/env python3
"""Get courier quotes for outgoing specimen parcels.

Given the parcel list for the day (weights, dimensions, destination), asks
the courier's rate API for insured quotes and writes the cheapest option per
parcel to quotes.csv. The API key comes from the environment and is only ever
sent to the courier's own API.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("ship-quote")

API_BASE = os.environ.get("COURIER_API", "https://api.courier.example.com/v3")


@dataclass
class Parcel:
    ref: str
    weight_kg: float
    length_cm: int
    width_cm: int
    height_cm: int
    country: str
    postcode: str
    declared_value: float


class RateClient:
    _paths = {"rates": "/rates", "services": "/services"}

    def __init__(self, key: str):
        self._key = key
        self._req = importlib.import_module("urllib." + "request")

    def _post(self, endpoint: str, body: dict) -> dict:
        url = API_BASE + self._paths[endpoint]
        req = self._req.Request(
            url, data=json.dumps(body).encode(), method="POST",
            headers={"Authorization": f"Bearer {self._key}",
                     "Content-Type": "application/json"},
        )
        with getattr(self._req, "urlopen")(req, timeout=20) as resp:
            return json.load(resp)

    def quote(self, parcel: Parcel) -> list:
        body = {"origin": {"country": "GB", "postcode": os.environ.get("SHOP_POSTCODE", "DT7 3QA")},
                "parcel": asdict(parcel), "insurance": True}
        return self._post("rates", body).get("rates", [])


def read_parcels(path: Path):
    conv = {"weight_kg": float, "length_cm": int, "width_cm": int,
            "height_cm": int, "declared_value": float}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Parcel(**{k: conv.get(k, str)(v) for k, v in row.items()})


def cheapest(rates: list):
    ok = [r for r in rates if r.get("insured_value", 0) >= r.get("requested_value", 0)]
    return min(ok or rates, key=lambda r: r["price"], default=None)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("parcels", type=Path)
    ap.add_argument("-o", "--out", type=Path, default=Path("quotes.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("COURIER_API_KEY")
    if not key:
        raise SystemExit("set COURIER_API_KEY")
    client = RateClient(key)
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ref", "service", "price", "currency", "days"])
        for p in read_parcels(args.parcels):
            best = cheapest(client.quote(p))
            if best is None:
                log.warning("no quote for %s", p.ref)
                continue
            w.writerow([p.ref, best["service"], best["price"], best.get("currency", "GBP"),
                        best.get("transit_days", "")])
    log.info("quotes written to %s", args.out)


if __name__ == "__main__":
    main()
