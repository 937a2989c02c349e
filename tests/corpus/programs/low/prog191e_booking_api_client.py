#!/usr/bin/env python3
"""Books interpreters for school events through the agency's booking API.

Reads event requests from a CSV exported by the office calendar and
creates a booking for each one. The agency API key comes from the
environment and is only ever sent to the agency's own API.
"""
import argparse
import csv
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from functools import wraps
from pathlib import Path

log = logging.getLogger("booking")

API_ROOT = os.environ.get("BOOKING_API_ROOT", "https://api.interpreter-agency.example.com/v3")


@dataclass
class BookingRequest:
    event: str
    date: str
    start: str
    end: str
    language: str = "BSL"
    location: str = "Main hall, 12 Example Street"
    deafblind: bool = False


def with_retries(times=3):
    def deco(fn):
        @wraps(fn)
        def inner(*a, **kw):
            last = None
            for attempt in range(1, times + 1):
                try:
                    return fn(*a, **kw)
                except OSError as exc:
                    last = exc
                    log.warning("attempt %d failed: %s", attempt, exc)
            raise last
        return inner
    return deco


class AgencyClient:
    def __init__(self, root, key):
        self.root = root.rstrip("/")
        self._key = key
        self._http = importlib.import_module("urllib." + "request")

    def _headers(self):
        return {"Authorization": f"Bearer {self._key}",
                "Content-Type": "application/json",
                "Accept": "application/json"}

    @with_retries()
    def send(self, method, path, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        req = getattr(self._http, "Request")(self.root + path, data=body,
                                             headers=self._headers(), method=method)
        with getattr(self._http, "urlopen")(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")

    def create_booking(self, booking):
        return self.send("POST", "/bookings", asdict(booking))

    def list_bookings(self, day):
        return self.send("GET", f"/bookings?date={day}")


def read_requests(path):
    with Path(path).open(newline="") as fh:
        for row in csv.DictReader(fh):
            row["deafblind"] = row.get("deafblind", "").strip().lower() in {"yes", "y", "1"}
            yield BookingRequest(**{k: v for k, v in row.items() if v != ""})


def main(argv=None):
    ap = argparse.ArgumentParser(description="Book interpreters for events")
    ap.add_argument("csv_file")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("AGENCY_API_KEY")
    if not key and not args.dry_run:
        raise SystemExit("AGENCY_API_KEY is not set")
    client = AgencyClient(API_ROOT, key or "")

    actions = {True: lambda b: log.info("would book %s", b),
               False: lambda b: log.info("booked %s -> ref %s", b.event,
                                         client.create_booking(b).get("reference"))}
    for booking in read_requests(args.csv_file):
        actions[args.dry_run](booking)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
