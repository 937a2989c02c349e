#!/usr/bin/env python3
"""Sync bookings from the online booking platform into the room schedule DB.

Each booking provider (Resova, Bookeo, FareHarbor, ...) has its own adapter.
Adapters live as plain .py files in the adapters/ folder next to this script
so the venue manager can drop in a new one without touching the sync code.

Usage:
    booking_sync.py --config sync.json [--days 14] [--dry-run]
"""

import argparse
import importlib.util
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("booking_sync")

DEFAULT_CONFIG = {
    "db_path": "schedule.db",
    "provider": "resova",
    "adapters_dir": "adapters",
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


class AdapterRegistry:
    """Resolves provider adapters from the local adapters folder."""

    def __init__(self, adapters_dir):
        self.adapters_dir = Path(adapters_dir)

    def available(self):
        return sorted(p.stem for p in self.adapters_dir.glob("*.py") if not p.name.startswith("_"))

    def load(self, provider):
        path = self.adapters_dir / f"{provider}.py"
        if not path.is_file():
            raise KeyError(f"no adapter for provider {provider!r} (have: {', '.join(self.available()) or 'none'})")
        source = path.read_text(encoding="utf-8")
        name = f"booking_adapters.{provider}"
        spec = importlib.util.spec_from_loader(name, loader=None)
        module = importlib.util.module_from_spec(spec)
        exec(compile(source, str(path), "exec"), module.__dict__)
        sys.modules[name] = module
        log.info("loaded adapter %s v%s", provider, getattr(module, "__version__", "?"))
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
    ap.add_argument("--list-adapters", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)
    registry = AdapterRegistry(cfg["adapters_dir"])

    if args.list_adapters:
        print("\n".join(registry.available()))
        return 0

    api_key = os.environ.get(cfg["api_key_env"])
    if not api_key:
        log.error("environment variable %s is not set", cfg["api_key_env"])
        return 2

    try:
        adapter = registry.load(cfg["provider"])
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
