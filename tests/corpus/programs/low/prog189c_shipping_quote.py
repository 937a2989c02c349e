#!/usr/bin/env python3
"""Get courier quotes for large telescope shipments.

Big Dobsonians and observatory mounts ship as palletised freight; this asks
the courier's rate API for quotes and prints the cheapest options. The API
key comes from the environment and is only ever sent to the courier.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("ship-quote")

RATE_API = os.environ.get("COURIER_RATE_API", "https://api.courier.example.com/v1/rates")
ORIGIN_POSTCODE = os.environ.get("SHOP_POSTCODE", "EX1 2AB")

PRESETS = {
    "dob10": {"weight_kg": 28.0, "length_cm": 130, "width_cm": 55, "height_cm": 55},
    "dob16": {"weight_kg": 62.0, "length_cm": 175, "width_cm": 70, "height_cm": 70},
    "eq8": {"weight_kg": 48.0, "length_cm": 80, "width_cm": 60, "height_cm": 50},
    "tripod": {"weight_kg": 9.5, "length_cm": 110, "width_cm": 25, "height_cm": 25},
}


@dataclass
class Parcel:
    weight_kg: float
    length_cm: int
    width_cm: int
    height_cm: int


def request_rates(api_key, destination, parcels):
    payload = {
        "origin": {"postcode": ORIGIN_POSTCODE, "country": "GB"},
        "destination": {"postcode": destination, "country": "GB"},
        "parcels": [asdict(p) for p in parcels],
        "services": ["pallet", "two_man", "standard"],
    }
    req = urllib.request.Request(
        RATE_API,
        data=json.dumps(payload).encode(),
        method="POST",
        headers={"Authorization": "Bearer " + api_key,
                 "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def cheapest(quotes, n):
    return sorted(quotes.get("rates", []), key=lambda q: float(q.get("price", 1e9)))[:n]


def main():
    ap = argparse.ArgumentParser(description="Courier quotes for large items")
    ap.add_argument("destination", help="customer postcode")
    ap.add_argument("items", nargs="+", choices=sorted(PRESETS))
    ap.add_argument("--top", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("COURIER_API_KEY")
    if not api_key:
        log.error("COURIER_API_KEY is not set")
        return 2
    parcels = [Parcel(**PRESETS[name]) for name in args.items]
    try:
        quotes = request_rates(api_key, args.destination, parcels)
    except urllib.error.HTTPError as exc:
        log.error("courier API returned %s", exc.code)
        return 1
    except OSError as exc:
        log.error("courier API unreachable: %s", exc)
        return 1
    for q in cheapest(quotes, args.top):
        print("%-10s %-24s %8.2f  %s days" % (q.get("service"), q.get("carrier"),
                                            float(q.get("price", 0)), q.get("transit_days", "?")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
