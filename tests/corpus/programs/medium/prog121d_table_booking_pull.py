#!/usr/bin/env python3
"""Pull snooker/pool table bookings from the online booking platform.

Bookings taken on the website land in the platform; the front desk PC keeps
a local SQLite copy so the table-timer software can show who is due on which
table even when the club broadband drops. The desk staff run it from the
"Refresh bookings" shortcut.
"""
import argparse
import configparser
import logging
import os
import pickle
import sqlite3
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("booking-pull")
HERE = Path(__file__).resolve().parent
CACHE = HERE / ".booking_cache.pkl"


class Settings:
    api_base = "https://api.cuebook.io/v1"
    venue = ""
    db_path = str(HERE / "bookings.db")

    @classmethod
    def load(cls, path):
        cp = configparser.ConfigParser()
        if cp.read(path):
            sec = cp["booking"] if cp.has_section("booking") else {}
            cls.api_base = sec.get("api_base", cls.api_base)
            cls.venue = sec.get("venue", cls.venue)
            cls.db_path = sec.get("db_path", cls.db_path)
        return cls


def load_cache():
    try:
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    except (OSError, EOFError, pickle.UnpicklingError):
        return {"etag": None, "since": None}


def save_cache(state):
    with open(CACHE, "wb") as fh:
        pickle.dump(state, fh)
    os.chmod(CACHE, 0o600)


def fetch_bookings(settings, state, session):
    headers = {"Authorization": f"Bearer {os.environ.get('CUEBOOK_TOKEN', '')}"}
    if state.get("etag"):
        headers["If-None-Match"] = state["etag"]
    params = {"venue": settings.venue}
    if state.get("since"):
        params["updated_since"] = state["since"]
    for attempt in range(4):
        try:
            r = session.get(f"{settings.api_base}/bookings", params=params,
                            headers=headers, timeout=20)
        except requests.RequestException as exc:
            LOG.warning("fetch attempt %d failed: %s", attempt + 1, exc)
            time.sleep(2 ** attempt)
            continue
        if r.status_code == 304:
            return [], state
        r.raise_for_status()
        body = r.json()
        state = {"etag": r.headers.get("ETag"), "since": body.get("server_time")}
        return body.get("bookings", []), state
    raise RuntimeError("booking platform unreachable")


def upsert(db_path, bookings):
    con = sqlite3.connect(db_path)
    con.execute("""CREATE TABLE IF NOT EXISTS bookings (
        id TEXT PRIMARY KEY, table_no INTEGER, starts TEXT, ends TEXT,
        member TEXT, status TEXT)""")
    rows = [(b["id"], b.get("table"), b.get("start"), b.get("end"),
             b.get("member_name"), b.get("status", "confirmed")) for b in bookings]
    con.executemany("INSERT OR REPLACE INTO bookings VALUES (?,?,?,?,?,?)", rows)
    con.commit()
    con.close()
    return len(rows)


def print_today(db_path):
    con = sqlite3.connect(db_path)
    cur = con.execute("SELECT table_no, starts, ends, member FROM bookings "
                      "WHERE date(starts) = date('now', 'localtime') AND status = 'confirmed' "
                      "ORDER BY starts, table_no")
    for table_no, starts, ends, member in cur:
        print(f"T{table_no:<2} {starts[11:16]}-{ends[11:16]}  {member}")
    con.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=str(HERE / "booking.ini"))
    ap.add_argument("--full", action="store_true", help="ignore cache and pull everything")
    ap.add_argument("--today", action="store_true", help="print today's bookings afterwards")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    settings = Settings.load(args.config)
    if not settings.venue:
        LOG.error("no venue configured in %s", args.config)
        return 1
    state = {"etag": None, "since": None} if args.full else load_cache()
    with requests.Session() as session:
        try:
            bookings, state = fetch_bookings(settings, state, session)
        except (RuntimeError, requests.HTTPError) as exc:
            LOG.error("%s", exc)
            return 2
    n = upsert(settings.db_path, bookings)
    save_cache(state)
    LOG.info("%d bookings synced into %s", n, settings.db_path)
    if args.today:
        print_today(settings.db_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
