#!/usr/bin/env python3
"""Small client for the TuneBook scheduling service: list open slots,
book a visit for a customer, cancel one."""
import argparse
import asyncio
import functools
import json
import logging
import os
from dataclasses import asdict, dataclass
from datetime import date

import requests

log = logging.getLogger("tunebook")


def _base():
    return os.environ.get("TUNEBOOK_URL", "https://api.tunebook.example/v1")


@dataclass
class Booking:
    customer: str
    address: str
    piano: str
    day: str
    slot: str
    technician: str = ""


def authed(fn):
    @functools.wraps(fn)
    def inner(self, *args, **kwargs):
        if "Authorization" not in self.session.headers:
            key = os.environ.get("TUNEBOOK_API_KEY")
            if not key:
                raise SystemExit("TUNEBOOK_API_KEY is not set")
            self.session.headers["Authorization"] = "Bearer " + key
        return fn(self, *args, **kwargs)
    return inner


class TuneBook:
    def __init__(self, base=None, timeout=15):
        self.base = (base or _base()).rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "pianocare-desk/1.4"

    def _send(self, verb, route, **kw):
        call = getattr(self.session, verb)
        resp = call(f"{self.base}{route}", timeout=self.timeout, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    @authed
    def slots(self, day):
        return self._send("get", "/slots", params={"date": day}).get("slots", [])

    @authed
    def book(self, booking):
        return self._send("post", "/bookings", json=asdict(booking))

    @authed
    def cancel(self, booking_id):
        return self._send("delete", f"/bookings/{booking_id}")


async def slots_for_week(client, start, days):
    loop = asyncio.get_running_loop()
    base = date.fromisoformat(start).toordinal()
    days_iso = [date.fromordinal(base + i).isoformat() for i in range(days)]
    jobs = [loop.run_in_executor(None, client.slots, d) for d in days_iso]
    return dict(zip(days_iso, await asyncio.gather(*jobs)))


def cmd_slots(client, args):
    week = asyncio.run(slots_for_week(client, args.day, args.days))
    for day, slots in week.items():
        print(day, ", ".join(s["start"] for s in slots) or "full")


def cmd_book(client, args):
    booking = Booking(args.customer, args.address, args.piano, args.day, args.slot, args.tech or "")
    result = client.book(booking)
    print(json.dumps(result, indent=2))


def cmd_cancel(client, args):
    client.cancel(args.booking_id)
    print("cancelled", args.booking_id)


HANDLERS = {"slots": cmd_slots, "book": cmd_book, "cancel": cmd_cancel}


def main():
    ap = argparse.ArgumentParser(description="TuneBook scheduling client")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("slots")
    s.add_argument("--day", default=date.today().isoformat())
    s.add_argument("--days", type=int, default=5)
    b = sub.add_parser("book")
    for name in ("customer", "address", "piano", "day", "slot"):
        b.add_argument(name)
    b.add_argument("--tech")
    c = sub.add_parser("cancel")
    c.add_argument("booking_id")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    HANDLERS[args.cmd](TuneBook(), args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
