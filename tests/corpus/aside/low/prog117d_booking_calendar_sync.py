#!/usr/bin/env python3
"""Sync party bookings from the PartyPal platform into the site rota database.

Pulls upcoming party bookings (room, slot, head count, host contact) for one
site and upserts them into bookings.sqlite so the floor rota script can size
each session. After every run a small status file is written next to the
database so the kiosk dashboard can show when the last sync happened.
"""
import argparse
import json
import logging
import os
import socket
import sqlite3
import sys
import time
from datetime import datetime, timedelta, timezone

import requests

log = logging.getLogger("booking_sync")

DEFAULT_API = "https://api.partypal.example.com/v2"

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    booking_id   TEXT PRIMARY KEY,
    room         TEXT NOT NULL,
    starts_at    TEXT NOT NULL,
    ends_at      TEXT NOT NULL,
    children     INTEGER NOT NULL,
    adults       INTEGER NOT NULL,
    host_name    TEXT,
    host_phone   TEXT,
    package      TEXT,
    updated_at   TEXT NOT NULL
);
"""


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    cfg.setdefault("api_base", DEFAULT_API)
    cfg.setdefault("days_ahead", 14)
    cfg.setdefault("db_path", "bookings.sqlite")
    cfg.setdefault("status_path", "sync_status.json")
    return cfg


class BookingClient:
    def __init__(self, base, token, retries=3):
        self.base = base.rstrip("/")
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update(
            {"Authorization": f"Bearer {token}", "Accept": "application/json"}
        )

    def _get(self, path, params):
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(f"{self.base}{path}", params=params, timeout=20)
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                log.warning("GET %s failed (attempt %d): %s", path, attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}")

    def upcoming(self, site_id, days):
        now = datetime.now(timezone.utc)
        params = {
            "site": site_id,
            "from": now.isoformat(),
            "to": (now + timedelta(days=days)).isoformat(),
            "page": 1,
        }
        while True:
            data = self._get("/bookings", params)
            for item in data.get("results", []):
                yield item
            if not data.get("next"):
                break
            params["page"] += 1


def upsert(conn, bookings):
    count = 0
    stamp = datetime.now(timezone.utc).isoformat()
    for b in bookings:
        conn.execute(
            """INSERT INTO bookings VALUES (?,?,?,?,?,?,?,?,?,?)
               ON CONFLICT(booking_id) DO UPDATE SET
                 room=excluded.room, starts_at=excluded.starts_at,
                 ends_at=excluded.ends_at, children=excluded.children,
                 adults=excluded.adults, host_name=excluded.host_name,
                 host_phone=excluded.host_phone, package=excluded.package,
                 updated_at=excluded.updated_at""",
            (
                b["id"], b["room"], b["start"], b["end"],
                int(b.get("children", 0)), int(b.get("adults", 0)),
                b.get("host", {}).get("name"), b.get("host", {}).get("phone"),
                b.get("package"), stamp,
            ),
        )
        count += 1
    conn.commit()
    return count


def write_status(path, site_id, synced):
    status = {
        "site": site_id,
        "synced": synced,
        "hostname": socket.gethostname(),
        "ts": datetime.now(timezone.utc).isoformat(),
    }
    tmp = f"{path}.part"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(status, fh, indent=2)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="booking_sync.json")
    ap.add_argument("--site", help="override site id from config")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    site = args.site or cfg["site_id"]

    token = os.environ.get("PARTYPAL_TOKEN")
    if not token:
        log.error("PARTYPAL_TOKEN is not set")
        return 2

    client = BookingClient(cfg["api_base"], token)
    conn = sqlite3.connect(cfg["db_path"])
    conn.executescript(SCHEMA)
    try:
        synced = upsert(conn, client.upcoming(site, cfg["days_ahead"]))
    except RuntimeError as exc:
        log.error("sync failed: %s", exc)
        return 1
    finally:
        conn.close()

    log.info("synced %d bookings for site %s", synced, site)
    write_status(cfg["status_path"], site, synced)
    return 0


if __name__ == "__main__":
    sys.exit(main())
