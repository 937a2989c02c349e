#!/usr/bin/env python3
"""Sync pottery class bookings from the booking platform into bookings.db.

Each studio has its own quirks (wheel allocation, clay-pack add-ons, member
discounts), so after fetching, every booking is passed through the studio's
hook scripts in ./hooks/*.py.  A hook file defines ``on_booking(booking)`` and
returns the (possibly modified) booking dict, or None to drop it.

Config: booking_sync.ini

    [api]
    base_url = https://api.wheelhouse-bookings.example.com/v2
    studio_id = 4471
    [sync]
    db = bookings.db
    hooks_dir = hooks
"""
import argparse
import configparser
import logging
import os
import sqlite3
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests

log = logging.getLogger("booking-sync")


class HookRegistry:
    """Loads the studio's per-booking hook scripts."""

    def __init__(self):
        self.hooks = []

    def _register(self, name, source, origin):
        namespace = {"__name__": "hook_" + name, "log": log.getChild(name)}
        code = compile(source, origin, "exec")
        exec(code, namespace)
        fn = namespace.get("on_booking")
        if callable(fn):
            self.hooks.append((name, fn))
            log.debug("registered hook %s", name)
        else:
            log.warning("hook %s has no on_booking(), ignored", name)

    def load_dir(self, hooks_dir):
        d = Path(hooks_dir)
        if not d.is_dir():
            log.info("no hooks directory at %s", d)
            return
        for path in sorted(d.glob("*.py")):
            try:
                self._register(path.stem, path.read_text(), str(path))
            except Exception as exc:  # a broken hook must not stop the sync
                log.error("failed to load hook %s: %s", path.name, exc)

    def apply(self, booking):
        for name, fn in self.hooks:
            try:
                result = fn(dict(booking))
            except Exception as exc:
                log.error("hook %s failed on booking %s: %s", name, booking.get("id"), exc)
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
    ap.add_argument("--no-hooks", action="store_true")
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

    hooks = HookRegistry()
    if not args.no_hooks:
        hooks.load_dir(cfg.get("sync", "hooks_dir", fallback="hooks"))

    conn = open_db(cfg.get("sync", "db", fallback="bookings.db"))
    since = datetime.now(timezone.utc) - timedelta(days=args.days)
    kept = dropped = 0
    try:
        for raw in fetch_bookings(cfg, api_key, since):
            booking = hooks.apply(raw)
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
    log.info("synced %d bookings (%d dropped by hooks)", kept, dropped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
