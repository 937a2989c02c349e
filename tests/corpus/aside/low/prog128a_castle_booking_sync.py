#!/usr/bin/env python3
"""Pull bouncy castle bookings from the HireHub API into the local depot database.

The depot runs this every few minutes so the loading sheet and the van
manifests always reflect what the office has confirmed.

Usage:
    castle_booking_sync.py --db bookings.sqlite3 --since 2024-05-01
"""
import argparse
import configparser
import logging
import os
import sqlite3
import sys
import time
from datetime import date, datetime

import requests

LOG = logging.getLogger("castle_sync")

DEFAULT_CONFIG = "castle_sync.ini"
SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    booking_id   TEXT PRIMARY KEY,
    unit_code    TEXT NOT NULL,
    event_date   TEXT NOT NULL,
    postcode     TEXT,
    customer     TEXT,
    status       TEXT,
    updated_at   TEXT
);
CREATE INDEX IF NOT EXISTS idx_bookings_date ON bookings(event_date);
"""


class HireHubClient:
    """Very small wrapper over the HireHub bookings endpoint."""

    page_size = 100

    def __init__(self, base_url, token, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
            "User-Agent": "depot-castle-sync/2.3",
        })
        self.timeout = timeout

    def iter_bookings(self, since):
        page = 1
        while True:
            resp = self.session.get(
                f"{self.base_url}/v1/bookings",
                params={"since": since, "page": page, "per_page": self.page_size,
                        "category": "inflatables"},
                timeout=self.timeout,
            )
            resp.raise_for_status()
            payload = resp.json()
            yield from payload.get("items", [])
            if not payload.get("next_page"):
                return
            page = payload["next_page"]


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"hirehub": {"base_url": "https://api.hirehub.example.com",
                               "retries": "3"}})
    if os.path.exists(path):
        cfg.read(path)
    return cfg


def open_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def upsert(conn, booking):
    conn.execute(
        """INSERT INTO bookings (booking_id, unit_code, event_date, postcode,
                                 customer, status, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(booking_id) DO UPDATE SET
               unit_code=excluded.unit_code, event_date=excluded.event_date,
               postcode=excluded.postcode, customer=excluded.customer,
               status=excluded.status, updated_at=excluded.updated_at""",
        (
            str(booking["id"]),
            booking.get("unit", {}).get("code", "UNKNOWN"),
            booking["event_date"],
            booking.get("address", {}).get("postcode"),
            booking.get("customer", {}).get("name"),
            booking.get("status", "pending"),
            booking.get("updated_at", datetime.utcnow().isoformat()),
        ),
    )


def sync(client, conn, since, retries):
    for attempt in range(1, retries + 1):
        try:
            count = 0
            for booking in client.iter_bookings(since):
                upsert(conn, booking)
                count += 1
            conn.commit()
            return count
        except requests.RequestException as exc:
            LOG.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            conn.rollback()
            time.sleep(2 ** attempt)
    raise RuntimeError("HireHub unreachable after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--db", default="bookings.sqlite3")
    ap.add_argument("--since", default=date.today().isoformat())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    token = os.environ.get("HIREHUB_TOKEN")
    if not token:
        LOG.error("HIREHUB_TOKEN is not set")
        return 2

    cfg = load_config(args.config)
    client = HireHubClient(cfg["hirehub"]["base_url"], token)
    conn = open_db(args.db)
    try:
        n = sync(client, conn, args.since, cfg["hirehub"].getint("retries"))
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        conn.close()
    LOG.info("synced %d inflatable bookings since %s", n, args.since)
    return 0


if __name__ == "__main__":
    sys.exit(main())
