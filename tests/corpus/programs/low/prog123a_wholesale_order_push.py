#!/usr/bin/env python3
"""Push pending wholesale orders from the shop's order book to the market supplier.

Orders are captured on the counter tablet into orders.db (sqlite). Each night
this script sends the not-yet-sent lines to the wholesaler's ordering API and
marks them as sent with the supplier's confirmation number.
"""
import argparse
import configparser
import logging
import os
import sqlite3
import sys
import time

import requests

log = logging.getLogger("order-push")


class SupplierClient:
    def __init__(self, base_url, api_key, account, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.account = account
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})

    def submit(self, order):
        url = "%s/accounts/%s/orders" % (self.base_url, self.account)
        for attempt in range(1, 4):
            try:
                r = self.http.post(url, json=order, timeout=self.timeout)
                if r.status_code == 429:
                    time.sleep(int(r.headers.get("Retry-After", "5")))
                    continue
                r.raise_for_status()
                return r.json()["confirmation"]
            except requests.RequestException as exc:
                log.warning("attempt %d for order %s failed: %s", attempt, order["ref"], exc)
                time.sleep(2 * attempt)
        raise RuntimeError("giving up on order %s" % order["ref"])


def pending_orders(db):
    cur = db.execute(
        "SELECT o.id, o.ref, o.delivery_date, l.sku, l.description, l.qty, l.unit "
        "FROM orders o JOIN order_lines l ON l.order_id = o.id "
        "WHERE o.sent_at IS NULL ORDER BY o.id"
    )
    orders = {}
    for oid, ref, delivery, sku, desc, qty, unit in cur:
        o = orders.setdefault(oid, {"ref": ref, "delivery_date": delivery, "lines": []})
        o["lines"].append({"sku": sku, "description": desc, "qty": qty, "unit": unit})
    return orders


def mark_sent(db, oid, confirmation):
    db.execute(
        "UPDATE orders SET sent_at = datetime('now'), confirmation = ? WHERE id = ?",
        (confirmation, oid),
    )
    db.commit()


def read_settings(path):
    cp = configparser.ConfigParser()
    cp.read(path)
    sect = cp["supplier"] if cp.has_section("supplier") else {}
    return {
        "base_url": sect.get("base_url", "https://orders.wholesale-market.example.com/api/v2"),
        "account": sect.get("account", "0000"),
        "db": sect.get("db", "orders.db"),
    }


def main():
    ap = argparse.ArgumentParser(description="send pending orders to the wholesaler")
    ap.add_argument("--settings", default="order_push.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    settings = read_settings(args.settings)
    api_key = os.environ.get("WHOLESALE_API_KEY")
    if not api_key:
        log.error("WHOLESALE_API_KEY is not set")
        return 2

    client = SupplierClient(settings["base_url"], api_key, settings["account"])
    db = sqlite3.connect(settings["db"])
    try:
        orders = pending_orders(db)
        log.info("%d pending order(s)", len(orders))
        failures = 0
        for oid, order in orders.items():
            if args.dry_run:
                log.info("would send %s with %d lines", order["ref"], len(order["lines"]))
                continue
            try:
                conf = client.submit(order)
            except RuntimeError as exc:
                log.error("%s", exc)
                failures += 1
                continue
            mark_sent(db, oid, conf)
            log.info("order %s confirmed as %s", order["ref"], conf)
        return 1 if failures else 0
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main())
