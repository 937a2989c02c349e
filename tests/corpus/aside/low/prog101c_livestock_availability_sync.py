#!/usr/bin/env python3
"""Pull confirmed livestock orders from the wholesaler portal into ./orders.

Each order (fish, corals, inverts, plants) is written as one JSON file named
after the portal order number, in our own schema, so the till and the
quarantine-tank planner can pick it up.  Field names differ between
wholesalers; the mapping lives in field_map.json next to this script.
"""

import argparse
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("livestock_sync")

PORTAL = os.environ.get("LIVESTOCK_PORTAL", "https://portal.bluewater-wholesale.example.com")
ORDER_DIR = Path("orders")

BUILTIN_MAP = {
    "order_no": ["id", "order_number"],
    "placed": ["created_at"],
    "ship_date": ["ship_date"],
    "items": ["items", "lines"],
    "line.species": ["common_name", "name"],
    "line.latin": ["scientific_name"],
    "line.size": ["size"],
    "line.qty": ["quantity", "qty"],
    "line.doa_guarantee": ["doa"],
}


def _pick(record, keys, default=None):
    for key in keys:
        if record.get(key) not in (None, ""):
            return record[key]
    return default


class FieldMap:
    """Maps the wholesaler's feed fields onto our order schema."""

    def __init__(self, path):
        self.mapping = dict(BUILTIN_MAP)
        self.path = Path(path)

    def load(self):
        if not self.path.is_file():
            log.debug("no %s, using built-in mapping", self.path)
            return
        with self.path.open() as fh:
            override = json.load(fh)
        if not isinstance(override, dict):
            raise ValueError(f"{self.path}: expected an object")
        self.mapping.update({k: list(v) for k, v in override.items()})
        log.info("field map loaded from %s", self.path)

    def normalise(self, raw):
        m = self.mapping
        return {
            "order_no": str(_pick(raw, m["order_no"])),
            "placed": _pick(raw, m["placed"]),
            "ship_date": _pick(raw, m["ship_date"]),
            "lines": [
                {
                    "species": _pick(line, m["line.species"]),
                    "latin": _pick(line, m["line.latin"]),
                    "size": _pick(line, m["line.size"], ""),
                    "qty": int(_pick(line, m["line.qty"], 0)),
                    "doa_guarantee": bool(_pick(line, m["line.doa_guarantee"], False)),
                }
                for line in _pick(raw, m["items"], [])
            ],
        }


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
    parser.add_argument("--field-map", default="field_map.json")
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

    fields = FieldMap(args.field_map)
    try:
        fields.load()
    except (OSError, ValueError) as exc:
        log.error("bad field map: %s", exc)
        return 2

    since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=args.days)
    written = 0
    try:
        for raw in fetch_orders(session, since):
            write_order(fields.normalise(raw))
            written += 1
    except requests.RequestException as exc:
        log.error("portal error after %d orders: %s", written, exc)
        return 1
    log.info("synced %d orders into %s/", written, ORDER_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
