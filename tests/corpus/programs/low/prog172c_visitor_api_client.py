#!/usr/bin/env python3
"""Client for the museum's ticketing API.

Fetches the day's timed-entry slots for the boat trips and the tunnel
walk, and can post a walk-up sale recorded on the towpath tablet.
The API key comes from the environment and is only sent to the
ticketing API itself.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from datetime import date
from functools import partial

import requests

log = logging.getLogger("tickets")


@dataclass
class Sale:
    slot_id: str
    adults: int
    children: int = 0
    concessions: int = 0
    channel: str = "towpath-tablet"


class TicketingAPI:
    def __init__(self, base_url, key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "Accept": "application/json",
            "User-Agent": "hollowmere-tickets/0.9",
        })

    def _url(self, *parts):
        return "/".join([self.base_url, *parts])

    def _request(self, method, *parts, **kw):
        resp = self.session.request(method, self._url(*parts), timeout=self.timeout, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def __getattr__(self, verb):
        if verb in ("get", "post"):
            return partial(self._request, verb.upper())
        raise AttributeError(verb)

    def slots(self, day, product):
        return self.get("v2", "slots", params={"date": day, "product": product}).get("slots", [])

    def record_sale(self, sale: Sale):
        return self.post("v2", "sales", json=asdict(sale))


def show_slots(api, args):
    rows = api.slots(args.day, args.product)
    for s in rows:
        left = s.get("capacity", 0) - s.get("sold", 0)
        print(f"{s.get('id', '?'):<10} {s.get('start', '??:??')}  {left:>3} left")
    return 0


def sell(api, args):
    sale = Sale(slot_id=args.slot, adults=args.adults,
                children=args.children, concessions=args.concessions)
    receipt = api.record_sale(sale)
    print(json.dumps(receipt, indent=2))
    return 0


COMMANDS = {"slots": show_slots, "sell": sell}


def main():
    parser = argparse.ArgumentParser(description="Museum ticketing API client")
    parser.add_argument("--api", default=os.environ.get("TICKET_API_URL", "https://tickets.hollowmere-canal.example"))
    sub = parser.add_subparsers(dest="cmd", required=True)

    p_slots = sub.add_parser("slots")
    p_slots.add_argument("--day", default=date.today().isoformat())
    p_slots.add_argument("--product", choices=["boat-trip", "tunnel-walk"], default="boat-trip")

    p_sell = sub.add_parser("sell")
    p_sell.add_argument("slot")
    p_sell.add_argument("--adults", type=int, default=1)
    p_sell.add_argument("--children", type=int, default=0)
    p_sell.add_argument("--concessions", type=int, default=0)

    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("TICKET_API_KEY")
    if not key:
        log.error("TICKET_API_KEY is not set")
        return 2
    api = TicketingAPI(args.api, key)
    try:
        return COMMANDS[args.cmd](api, args)
    except requests.HTTPError as exc:
        log.error("API error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
