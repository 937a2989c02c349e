#!/usr/bin/env python3
"""Client for the party booking service used by the roller disco.

Creates and lists birthday-party bookings (rink slot, number of skaters,
skate sizes, food package) through the booking provider's API. The API
key comes from the environment and is only sent to the booking API.
"""
import argparse
import importlib
import json
import logging
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from functools import wraps

log = logging.getLogger("party-bookings")

API_BASE = "https://api.partybook.example/v2"
KEY_VAR = "PARTYBOOK_API_KEY"


def retry(times=3, delay=2.0):
    def wrap(fn):
        @wraps(fn)
        def inner(*args, **kwargs):
            http = importlib.import_module("requests")
            for attempt in range(1, times + 1):
                try:
                    return fn(*args, **kwargs)
                except http.ConnectionError as exc:
                    if attempt == times:
                        raise
                    log.warning("attempt %d failed: %s", attempt, exc)
                    time.sleep(delay * attempt)
        return inner
    return wrap


@dataclass
class Booking:
    host_name: str
    date: str
    slot: str
    skaters: int
    package: str = "classic"
    sizes: list = field(default_factory=list)


class BookingClient:
    def __init__(self, base=API_BASE, key=None, timeout=15):
        self.base = base.rstrip("/")
        self.key = key or os.environ.get(KEY_VAR, "")
        if not self.key:
            raise SystemExit(f"{KEY_VAR} is not set")
        self.timeout = timeout
        self._http = importlib.import_module("requests")
        self._session = self._http.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {self.key}",
            "Accept": "application/json",
        })

    def _url(self, path):
        return f"{self.base}/{path.lstrip('/')}"

    @retry()
    def _send(self, method, path, body=None, params=None):
        call = getattr(self._session, method)
        kwargs = {"timeout": self.timeout, "params": params}
        if body is not None:
            kwargs["json"] = body
        resp = call(self._url(path), **kwargs)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def create(self, booking):
        return self._send("post", "/bookings", body=asdict(booking))

    def list(self, date):
        return self._send("get", "/bookings", params={"date": date}).get("items", [])

    def cancel(self, booking_id):
        return self._send("delete", f"/bookings/{booking_id}")


def cmd_create(client, args):
    booking = Booking(args.host_name, args.date, args.slot, args.skaters, args.package,
                      [s.strip() for s in args.sizes.split(",") if s.strip()])
    result = client.create(booking)
    print(json.dumps(result, indent=2))


def cmd_list(client, args):
    for item in client.list(args.date):
        print(f"{item.get('id', '?'):>8} {item.get('slot', ''):6} {item.get('host_name', ''):20} {item.get('skaters', 0):3}")


def cmd_cancel(client, args):
    client.cancel(args.booking_id)
    print(f"cancelled {args.booking_id}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Party booking client")
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("create")
    c.add_argument("host_name")
    c.add_argument("date")
    c.add_argument("slot")
    c.add_argument("skaters", type=int)
    c.add_argument("--package", default="classic")
    c.add_argument("--sizes", default="")
    l = sub.add_parser("list")
    l.add_argument("date")
    x = sub.add_parser("cancel")
    x.add_argument("booking_id")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    handlers = {"create": cmd_create, "list": cmd_list, "cancel": cmd_cancel}
    handlers[args.cmd](BookingClient(), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
