#!/usr/bin/env python3
"""Yard register of equine passports: UELN, microchip, passport issuing
body, vaccination dates, and who holds the paper passport.  Looks new
horses up on the central equine database and caches the answers.

    passport_lookup.py add --ueln 826002... [--name "Blue Biscuit"]
    passport_lookup.py list [--due-days 30]
    passport_lookup.py holder UELN "Office strongbox"
"""
import argparse
import logging
import pickle
import sqlite3
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("passports")

DB_PATH = Path("passports.sqlite3")
CACHE_PATH = Path(".ueln_cache.pkl")
LOOKUP_URL = "https://api.central-equine-db.example.org/v1/horses/{ueln}"
CACHE_TTL = 7 * 86400

SCHEMA = """
CREATE TABLE IF NOT EXISTS horse (
    ueln        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    chip        TEXT,
    issuer      TEXT,
    flu_due     TEXT,
    holder      TEXT DEFAULT 'Office strongbox'
);
"""


class LookupCache:
    """Small on-disk cache so we don't hammer the central database."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            with path.open("rb") as fh:
                self.data = pickle.load(fh)

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, value):
        self.data[key] = (time.time(), value)
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh)


def lookup(ueln, cache):
    found = cache.get(ueln)
    if found is not None:
        log.debug("cache hit for %s", ueln)
        return found
    resp = requests.get(LOOKUP_URL.format(ueln=ueln), timeout=15)
    if resp.status_code == 404:
        return {}
    resp.raise_for_status()
    found = resp.json()
    cache.put(ueln, found)
    return found


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def valid_ueln(ueln):
    return len(ueln) == 15 and ueln[:3].isdigit()


def cmd_add(conn, args):
    if not valid_ueln(args.ueln):
        log.error("UELN must be 15 characters starting with a 3-digit country code")
        return 1
    try:
        info = lookup(args.ueln, LookupCache(CACHE_PATH))
    except requests.RequestException as exc:
        log.warning("central lookup failed (%s); using supplied details only", exc)
        info = {}
    name = args.name or info.get("name")
    if not name:
        log.error("no name given and none found for %s", args.ueln)
        return 1
    conn.execute(
        "INSERT OR REPLACE INTO horse (ueln, name, chip, issuer, flu_due) VALUES (?, ?, ?, ?, ?)",
        (args.ueln, name, args.chip or info.get("transponder"),
         info.get("passport_issuer", args.issuer), args.flu_due),
    )
    conn.commit()
    log.info("saved %s (%s)", name, args.ueln)
    return 0


def cmd_list(conn, args):
    rows = conn.execute("SELECT * FROM horse ORDER BY name").fetchall()
    cutoff = date.today() + timedelta(days=args.due_days) if args.due_days else None
    for r in rows:
        flag = ""
        if cutoff and r["flu_due"] and date.fromisoformat(r["flu_due"]) <= cutoff:
            flag = "  <- flu vacc due"
        print(f"{r['ueln']}  {r['name']:<22} chip={r['chip'] or '-':<16} "
              f"held by {r['holder']}{flag}")
    return 0


def cmd_holder(conn, args):
    cur = conn.execute("UPDATE horse SET holder = ? WHERE ueln = ?", (args.holder, args.ueln))
    conn.commit()
    if cur.rowcount == 0:
        log.error("no horse with UELN %s", args.ueln)
        return 1
    log.info("passport %s now held by %s", args.ueln, args.holder)
    return 0


def build_parser():
    ap = argparse.ArgumentParser(description="Equine passport register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--ueln", required=True)
    a.add_argument("--name")
    a.add_argument("--chip")
    a.add_argument("--issuer", default="Weatherbys")
    a.add_argument("--flu-due")
    a.set_defaults(func=cmd_add)

    l = sub.add_parser("list")
    l.add_argument("--due-days", type=int, default=0)
    l.set_defaults(func=cmd_list)

    h = sub.add_parser("holder")
    h.add_argument("ueln")
    h.add_argument("holder")
    h.set_defaults(func=cmd_holder)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        conn = connect()
    except sqlite3.Error as exc:
        log.error("cannot open register: %s", exc)
        return 1
    with conn:
        return args.func(conn, args)


if __name__ == "__main__":
    sys.exit(main())
