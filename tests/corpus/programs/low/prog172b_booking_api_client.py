#!/usr/bin/env python3
"""Small client for the park's booking platform.

Used by the front desk to look up a booking, move it to another slot,
or add walk-in riders to the next free slot on a line.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict, field
from functools import wraps

import requests

log = logging.getLogger("booking-client")

API_BASE = os.environ.get("BOOKING_API", "https://api.treetopline.example/v1")


@dataclass
class Rider:
    name: str
    weight_kg: int
    age: int


@dataclass
class WalkIn:
    line: str
    riders: list = field(default_factory=list)


def api_errors(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except requests.HTTPError as exc:
            log.error("API said %s: %s", exc.response.status_code, exc.response.text[:200])
            return None
        except requests.RequestException as exc:
            log.error("API unreachable: %s", exc)
            return None
    return wrapper


class BookingClient:
    def __init__(self, base: str, key: str):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})

    def _url(self, *parts: str) -> str:
        return "/".join([self.base, *parts])

    @api_errors
    def lookup(self, ref: str):
        resp = self.session.get(self._url("bookings", ref), timeout=10)
        resp.raise_for_status()
        return resp.json()

    @api_errors
    def move(self, ref: str, slot: str):
        resp = self.session.patch(self._url("bookings", ref), json={"slot": slot}, timeout=10)
        resp.raise_for_status()
        return resp.json()

    @api_errors
    def walk_in(self, walk: WalkIn):
        resp = self.session.post(self._url("lines", walk.line, "walk-ins"), json=asdict(walk), timeout=10)
        resp.raise_for_status()
        return resp.json()


def parse_rider(text: str) -> Rider:
    name, weight, age = text.split(":")
    return Rider(name=name, weight_kg=int(weight), age=int(age))


COMMANDS = {
    "lookup": lambda c, a: c.lookup(a.ref),
    "move": lambda c, a: c.move(a.ref, a.slot),
    "walk-in": lambda c, a: c.walk_in(WalkIn(a.line, [parse_rider(r) for r in a.rider])),
}


def main() -> int:
    parser = argparse.ArgumentParser(description="booking platform client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("lookup")
    p.add_argument("ref")
    p = sub.add_parser("move")
    p.add_argument("ref")
    p.add_argument("slot", help="e.g. 2024-07-14T10:30")
    p = sub.add_parser("walk-in")
    p.add_argument("line")
    p.add_argument("--rider", action="append", default=[], help="name:weight:age")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("BOOKING_API_KEY")
    if not key:
        log.error("BOOKING_API_KEY is not set")
        return 2
    client = BookingClient(API_BASE, key)
    result = COMMANDS[args.cmd](client, args)
    if result is None:
        return 1
    json.dump(result, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
