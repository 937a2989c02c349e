#!/usr/bin/env python3
"""Sync horse and owner records from the practice API into a local SQLite file.

Vets lose signal at most yards, so the truck laptop keeps an offline copy of
every horse on the day's list: owner contact, yard address, passport number,
and the last shoeing/treatment notes.  Run it in the morning before leaving.
"""

import argparse
import logging
import os
import sqlite3
import sys

import requests

LOG = logging.getLogger("horse-sync")
API = os.environ.get("EQUILOG_API", "https://api.equilog.example/v3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS horses (
    id TEXT PRIMARY KEY, name TEXT, passport TEXT, owner_id TEXT,
    yard TEXT, notes TEXT, updated TEXT);
CREATE TABLE IF NOT EXISTS owners (
    id TEXT PRIMARY KEY, name TEXT, phone TEXT, email TEXT, address TEXT);
"""


def fetch_day_list(session, date):
    r = session.get(f"{API}/visits", params={"date": date}, timeout=20)
    r.raise_for_status()
    return r.json()["visits"]


def fetch_horse(session, horse_id):
    r = session.get(f"{API}/horses/{horse_id}", params={"expand": "owner"}, timeout=20)
    r.raise_for_status()
    return r.json()


def store(db, horse):
    owner = horse.pop("owner", {}) or {}
    db.execute("INSERT OR REPLACE INTO owners VALUES (?,?,?,?,?)",
               (owner.get("id"), owner.get("name"), owner.get("phone"),
                owner.get("email"), owner.get("address")))
    db.execute("INSERT OR REPLACE INTO horses VALUES (?,?,?,?,?,?,?)",
               (horse["id"], horse.get("name"), horse.get("passport"), owner.get("id"),
                horse.get("yard"), horse.get("notes"), horse.get("updated")))


def prune_stale(db, keep_ids):
    """Drop horses that are no longer on any upcoming list."""
    if not keep_ids:
        return 0
    stale = [(row[0],) for row in db.execute("SELECT id FROM horses")
             if row[0] not in keep_ids]
    db.executemany("DELETE FROM horses WHERE id = ?", stale)
    return len(stale)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("date", help="visit date, YYYY-MM-DD")
    ap.add_argument("--db", default="horses.sqlite")
    ap.add_argument("--prune", action="store_true",
                    help="remove horses not on this day's list")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("EQUILOG_TOKEN")
    if not token:
        LOG.error("EQUILOG_TOKEN is not set")
        return 2
    session = requests.Session()
    session.headers["Authorization"] = f"Token {token}"

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    try:
        visits = fetch_day_list(session, args.date)
    except requests.RequestException as exc:
        LOG.error("could not fetch visit list: %s", exc)
        return 1
    synced, ids = 0, set()
    for visit in visits:
        try:
            store(db, fetch_horse(session, visit["horse_id"]))
            ids.add(visit["horse_id"])
            synced += 1
        except (requests.RequestException, KeyError) as exc:
            LOG.warning("horse %s not synced: %s", visit.get("horse_id"), exc)
    if args.prune:
        LOG.info("pruned %d stale horses", prune_stale(db, ids))
    db.commit()
    db.close()
    LOG.info("synced %d/%d horses into %s", synced, len(visits), args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
