#!/usr/bin/env python3
"""shipping_rates_client - quote courier rates for a packed order.

Posts parcel dimensions to the courier's rating API with the shop's API
key from the environment and prints the cheapest services. Nuc boxes and
hive bodies are bulky, so volumetric weight matters.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict

log = logging.getLogger("rates")

API_BASE = os.environ.get("COURIER_API", "https://api.courier.example.com")
_ROUTES = {"rates": ("v1", "rates", "quote"), "services": ("v1", "services")}


def route(name):
    return API_BASE.rstrip("/") + "/" + "/".join(_ROUTES[name])


@dataclass
class Parcel:
    length_cm: float
    width_cm: float
    height_cm: float
    weight_kg: float

    @property
    def volumetric_kg(self):
        return round(self.length_cm * self.width_cm * self.height_cm / 5000, 2)


PRESETS = {
    "jar6": Parcel(30, 20, 15, 3.2),
    "nuc": Parcel(52, 28, 32, 6.5),
    "brood_box": Parcel(50, 46, 26, 5.8),
    "smoker": Parcel(30, 18, 18, 1.4),
}


def _http():
    return importlib.import_module("requests")


def _headers():
    key = os.environ.get("COURIER_API_KEY")
    if not key:
        raise SystemExit("COURIER_API_KEY is not set")
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def quote(parcel: Parcel, origin: str, dest: str):
    body = {"origin": origin, "destination": dest,
            "parcel": asdict(parcel) | {"volumetric_kg": parcel.volumetric_kg}}
    resp = getattr(_http(), "post")(route("rates"), data=json.dumps(body),
                                     headers=_headers(), timeout=20)
    resp.raise_for_status()
    return resp.json().get("rates", [])


async def quote_many(names, origin, dest):
    tasks = [asyncio.to_thread(quote, PRESETS[n], origin, dest) for n in names]
    return dict(zip(names, await asyncio.gather(*tasks)))


def show(results, top):
    for name, rates in results.items():
        print(f"{name}:")
        for r in sorted(rates, key=lambda r: float(r.get("price", 0)))[:top]:
            print(f"   {r.get('service', '?'):<24} £{float(r.get('price', 0)):>6.2f}"
                  f"  {r.get('days', '?')} day(s)")


def main():
    ap = argparse.ArgumentParser(description="Courier rate quotes")
    ap.add_argument("parcels", nargs="*", default=["jar6"], choices=sorted(PRESETS))
    ap.add_argument("--origin", default=os.environ.get("SHOP_POSTCODE", "EX1 1AA"))
    ap.add_argument("--dest", required=True, help="destination postcode")
    ap.add_argument("--top", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    results = asyncio.run(quote_many(args.parcels, args.origin, args.dest))
    show(results, args.top)


if __name__ == "__main__":
    main()
