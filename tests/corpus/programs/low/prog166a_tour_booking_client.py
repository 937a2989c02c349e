#!/usr/bin/env python3
"""Book city walking tours for guests through the tour operator's API.

Reception enters the guest's first name, party size and chosen tour; the
tool checks availability and places the booking with the operator.
"""

import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("tour_client")

API_BASE = "https://api.citywalks.example/v1"
LEDGER = Path("tour_bookings.jsonl")


@dataclass
class TourRequest:
    tour_id: str
    date: str
    party_size: int
    first_name: str
    hostel_ref: str


class TourClient:
    def __init__(self, api_key: str, base: str = API_BASE, timeout: int = 15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": api_key,
            "Accept": "application/json",
            "User-Agent": "hostel-desk-tours/1.3",
        })

    def tours(self, date: str) -> list:
        resp = self.session.get(f"{self.base}/tours", params={"date": date},
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("tours", [])

    def availability(self, tour_id: str, date: str) -> int:
        resp = self.session.get(f"{self.base}/tours/{tour_id}/availability",
                                params={"date": date}, timeout=self.timeout)
        resp.raise_for_status()
        return int(resp.json().get("spots_left", 0))

    def book(self, req: TourRequest) -> dict:
        resp = self.session.post(f"{self.base}/bookings", json=asdict(req),
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def record(entry: dict) -> None:
    with LEDGER.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description="book walking tours for guests")
    sub = parser.add_subparsers(dest="cmd", required=True)

    ls = sub.add_parser("list", help="list tours on a date")
    ls.add_argument("date")

    bk = sub.add_parser("book", help="book a tour")
    bk.add_argument("tour_id")
    bk.add_argument("date")
    bk.add_argument("party_size", type=int)
    bk.add_argument("first_name")
    bk.add_argument("--ref", default="desk")

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("CITYWALKS_API_KEY")
    if not api_key:
        log.error("set CITYWALKS_API_KEY first")
        return 1
    client = TourClient(api_key)

    try:
        if args.cmd == "list":
            for tour in client.tours(args.date):
                print(f"{tour['id']:<10} {tour['start']:<6} {tour['name']}")
            return 0

        spots = client.availability(args.tour_id, args.date)
        if spots < args.party_size:
            log.error("only %d spot(s) left on %s", spots, args.date)
            return 2
        req = TourRequest(args.tour_id, args.date, args.party_size,
                          args.first_name, args.ref)
        confirmation = client.book(req)
        record({"request": asdict(req), "confirmation": confirmation.get("code")})
        print(f"booked: {confirmation.get('code')} meeting point "
              f"{confirmation.get('meeting_point', 'see voucher')}")
        return 0
    except requests.HTTPError as exc:
        log.error("operator API error: %s", exc)
        return 1
    except requests.RequestException as exc:
        log.error("cannot reach operator: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
