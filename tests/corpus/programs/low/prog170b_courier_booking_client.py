#!/usr/bin/env python3
"""Books next-day collections for packed uniform orders with the courier.

Reads the packing bench's dispatch.csv, books each parcel through the
courier's API and writes the tracking numbers back to tracking.csv.
"""
import argparse
import csv
import functools
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Dict, List

import requests

log = logging.getLogger("courier_booking")

API_BASE = "https://api.parcelroute.example/v2"


def retry(times: int = 3, delay: float = 2.0):
    def deco(fn: Callable):
        @functools.wraps(fn)
        def inner(*a, **kw):
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except requests.RequestException as exc:
                    if attempt == times:
                        raise
                    log.warning("attempt %d failed: %s", attempt, exc)
                    time.sleep(delay * attempt)
        return inner
    return deco


@dataclass
class Parcel:
    order_no: str
    recipient: str
    line1: str
    town: str
    postcode: str
    weight_kg: float
    service: str = "next_day"


class CourierClient:
    def __init__(self, key: str, base: str = API_BASE):
        self.base = base
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {key}", "Accept": "application/json"})

    def _call(self, verb: str, route: str, **kw):
        fn = getattr(self.s, verb)
        resp = fn(f"{self.base}{route}", timeout=20, **kw)
        resp.raise_for_status()
        return resp.json()

    @retry()
    def quote(self, parcel: Parcel) -> Dict:
        return self._call("post", "/quotes", json=asdict(parcel))

    @retry()
    def book(self, parcel: Parcel) -> Dict:
        return self._call("post", "/shipments", json=asdict(parcel))

    @retry()
    def status(self, tracking: str) -> Dict:
        return self._call("get", f"/shipments/{tracking}")


def load_parcels(path: Path) -> List[Parcel]:
    with path.open(newline="") as fh:
        return [
            Parcel(
                order_no=r["order_no"], recipient=r["recipient"], line1=r["line1"],
                town=r["town"], postcode=r["postcode"], weight_kg=float(r["weight_kg"]),
                service=r.get("service") or "next_day",
            )
            for r in csv.DictReader(fh)
        ]


def save_tracking(path: Path, rows: List[Dict[str, str]]) -> None:
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["order_no", "tracking", "cost"])
        w.writeheader()
        w.writerows(rows)


def run(client: CourierClient, parcels: List[Parcel], max_cost: float) -> List[Dict[str, str]]:
    out = []
    for parcel in parcels:
        q = client.quote(parcel)
        cost = float(q.get("price", 0))
        if cost > max_cost:
            log.warning("%s quote %.2f over limit, skipped", parcel.order_no, cost)
            continue
        booked = client.book(parcel)
        out.append({"order_no": parcel.order_no, "tracking": booked["tracking_number"], "cost": f"{cost:.2f}"})
        log.info("%s booked as %s", parcel.order_no, booked["tracking_number"])
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Book courier collections")
    p.add_argument("--input", type=Path, default=Path("dispatch.csv"))
    p.add_argument("--output", type=Path, default=Path("tracking.csv"))
    p.add_argument("--max-cost", type=float, default=15.0)
    p.add_argument("--track", default="")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("COURIER_API_KEY")
    if not key:
        log.error("COURIER_API_KEY is not set")
        return 2
    client = CourierClient(key)
    if args.track:
        print(client.status(args.track))
        return 0
    rows = run(client, load_parcels(args.input), args.max_cost)
    save_tracking(args.output, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
