#!/usr/bin/env python3
"""Sync shooting-ground bookings from the online booking platform.

Pulls the bookings for the coming days (stand hire, lessons, corporate
days) from the platform API into the local ledger database that the
clubhouse till and the stand allocation sheet read from.

Settings come from ``booking_sync.toml``:

    api_base = "https://api.claybook.example/v3"
    ground_id = "G-1042"
    days_ahead = 14
    ledger = "ledger.db"

The API token is read from CLAYBOOK_TOKEN.
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys
import time
import tomllib
from pathlib import Path

import requests

LOG = logging.getLogger("booking-sync")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    ref TEXT PRIMARY KEY, ground TEXT, day TEXT, start TEXT, stand TEXT,
    kind TEXT, customer TEXT, phone TEXT, guns INTEGER, status TEXT,
    updated TEXT
);
"""


def load_config(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    cfg.setdefault("days_ahead", 14)
    cfg.setdefault("ledger", "ledger.db")
    return cfg


class Platform:
    def __init__(self, base, token, retries=3):
        self.base = base.rstrip("/")
        self.retries = retries
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Token {token}"

    def bookings(self, ground, start, end):
        url = f"{self.base}/grounds/{ground}/bookings"
        params = {"from": start.isoformat(), "to": end.isoformat(), "page": 1}
        while True:
            for attempt in range(1, self.retries + 1):
                try:
                    r = self.s.get(url, params=params, timeout=20)
                    r.raise_for_status()
                    break
                except requests.RequestException as exc:
                    LOG.warning("page %d attempt %d: %s", params["page"], attempt, exc)
                    if attempt == self.retries:
                        raise
                    time.sleep(2 ** attempt)
            body = r.json()
            yield from body.get("items", [])
            if not body.get("next"):
                return
            params["page"] += 1


class Ledger:
    def __init__(self, path):
        self.con = sqlite3.connect(path)
        self.con.executescript(SCHEMA)

    def upsert(self, b):
        self.con.execute(
            "INSERT OR REPLACE INTO bookings VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (b["ref"], b["ground"], b["date"], b["start"], b.get("stand"),
             b["type"], b["customer"]["name"], b["customer"].get("phone"),
             b.get("guns", 1), b["status"], b["updated_at"]))

    def cancel_missing(self, ground, start, end, seen):
        keep = ",".join(f"'{ref}'" for ref in seen) or "''"
        sql = (f"UPDATE bookings SET status = 'cancelled' "
               f"WHERE ground = '{ground}' AND day BETWEEN '{start}' AND '{end}' "
               f"AND ref NOT IN ({keep})")
        return self.con.execute(sql).rowcount

    def commit(self):
        self.con.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="booking_sync.toml")
    ap.add_argument("--days", type=int)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("CLAYBOOK_TOKEN")
    if not token:
        sys.exit("CLAYBOOK_TOKEN not set")

    start = dt.date.today()
    end = start + dt.timedelta(days=args.days or cfg["days_ahead"])
    api = Platform(cfg["api_base"], token)
    ledger = Ledger(Path(cfg["ledger"]))

    seen = []
    try:
        for b in api.bookings(cfg["ground_id"], start, end):
            ledger.upsert(b)
            seen.append(b["ref"])
    except requests.RequestException as exc:
        LOG.error("sync aborted, ledger unchanged: %s", exc)
        sys.exit(2)
    cancelled = ledger.cancel_missing(cfg["ground_id"], start, end, seen)
    ledger.commit()
    LOG.info("synced %d bookings %s..%s, %d marked cancelled",
             len(seen), start, end, cancelled)


if __name__ == "__main__":
    main()
