#!/usr/bin/env python3
"""Carrier rate cache for the dispatch desk.

Fetches published LTL/parcel lane rates from the carrier rate endpoints
listed in carriers.toml, stores them in a local SQLite cache (rates.db) and
answers "cheapest carrier for this lane" queries from the dispatch desk
without hitting every carrier API again.
"""
import argparse
import logging
import os
import sqlite3
import sys
import time
import tomllib
from contextlib import closing

import httpx

LOG = logging.getLogger("rate-cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rates (
    carrier     TEXT NOT NULL,
    origin_zip3 TEXT NOT NULL,
    dest_zip3   TEXT NOT NULL,
    service     TEXT NOT NULL,
    weight_max  REAL NOT NULL,
    price       REAL NOT NULL,
    currency    TEXT NOT NULL DEFAULT 'USD',
    fetched_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rates_lane ON rates (origin_zip3, dest_zip3);
"""


class RateStore:
    def __init__(self, path="rates.db"):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def replace_carrier(self, carrier, rows):
        with self.db:
            self.db.execute("DELETE FROM rates WHERE carrier = ?", (carrier,))
            now = int(time.time())
            self.db.executemany(
                "INSERT INTO rates VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(carrier, r["origin"], r["dest"], r["service"], float(r["weight_max"]),
                  float(r["price"]), r.get("currency", "USD"), now) for r in rows],
            )

    def cheapest(self, origin, dest, weight, services=None, max_age_h=24):
        cutoff = int(time.time()) - max_age_h * 3600
        where = [
            f"origin_zip3 = '{origin[:3]}'",
            f"dest_zip3 = '{dest[:3]}'",
            f"weight_max >= {weight}",
            f"fetched_at >= {cutoff}",
        ]
        if services:
            quoted = ", ".join(f"'{s}'" for s in services)
            where.append(f"service IN ({quoted})")
        sql = ("SELECT carrier, service, price, currency, weight_max FROM rates WHERE "
               + " AND ".join(where) + " ORDER BY price ASC, weight_max ASC LIMIT 5")
        LOG.debug("query: %s", sql)
        with closing(self.db.cursor()) as cur:
            cur.execute(sql)
            return [dict(row) for row in cur.fetchall()]


def load_carriers(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh).get("carrier", {})


def refresh(store, carriers, client):
    for name, cfg in carriers.items():
        key = os.environ.get(cfg.get("key_env", ""), "")
        headers = {"Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        try:
            resp = client.get(cfg["rates_url"], headers=headers)
            resp.raise_for_status()
            rows = resp.json()["rates"]
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            LOG.error("%s: refresh failed: %s", name, exc)
            continue
        store.replace_carrier(name, rows)
        LOG.info("%s: cached %d lane rates", name, len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("refresh", help="pull rates from all carriers")
    r.add_argument("--carriers", default="carriers.toml")
    q = sub.add_parser("quote", help="cheapest options for a lane")
    q.add_argument("origin")
    q.add_argument("dest")
    q.add_argument("weight", type=float)
    q.add_argument("--service", action="append")
    ap.add_argument("--db", default="rates.db")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = RateStore(args.db)
    if args.cmd == "refresh":
        with httpx.Client(timeout=30.0) as client:
            refresh(store, load_carriers(args.carriers), client)
        return 0

    options = store.cheapest(args.origin, args.dest, args.weight, args.service)
    if not options:
        print("no cached rates for that lane; run 'refresh' first")
        return 1
    for opt in options:
        print(f"{opt['carrier']:<14} {opt['service']:<12} {opt['price']:>9.2f} {opt['currency']}"
              f"  (up to {opt['weight_max']:g} kg)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
