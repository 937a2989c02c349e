#!/usr/bin/env python3
"""Shoot schedule for the studio's photographers and second shooters.

Small SQLite database of booked weddings with a cached weekly view for
the office dashboard.
"""
import argparse
import logging
import pickle
import sqlite3
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("schedule")

DB_PATH = Path("schedule.db")
CACHE_PATH = Path(".week_cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS shoots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    couple TEXT NOT NULL,
    shoot_date TEXT NOT NULL,
    venue TEXT,
    lead TEXT,
    second TEXT,
    package TEXT
)
"""


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def add_shoot(conn, couple, shoot_date, venue, lead, second, package) -> None:
    conn.execute(
        "INSERT INTO shoots (couple, shoot_date, venue, lead, second, package) "
        f"VALUES ('{couple}', '{shoot_date}', '{venue}', '{lead}', '{second}', '{package}')"
    )
    conn.commit()
    CACHE_PATH.unlink(missing_ok=True)
    log.info("booked %s on %s at %s", couple, shoot_date, venue)


def find_by_photographer(conn, name: str):
    query = "SELECT * FROM shoots WHERE lead = '%s' OR second = '%s' ORDER BY shoot_date" % (name, name)
    return conn.execute(query).fetchall()


def week_view(conn, start: date) -> list:
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            cached = pickle.load(fh)
        if cached.get("start") == start.isoformat():
            log.debug("week view from cache")
            return cached["rows"]
    end = start + timedelta(days=7)
    rows = [dict(r) for r in conn.execute(
        f"SELECT * FROM shoots WHERE shoot_date >= '{start}' AND shoot_date < '{end}' ORDER BY shoot_date"
    )]
    with CACHE_PATH.open("wb") as fh:
        pickle.dump({"start": start.isoformat(), "rows": rows}, fh)
    return rows


def print_rows(rows) -> None:
    for r in rows:
        print(f"{r['shoot_date']}  {r['couple']:<28} {r['venue'] or '-':<30} "
              f"{r['lead'] or '-'} / {r['second'] or '-'}  [{r['package'] or ''}]")


def main() -> None:
    parser = argparse.ArgumentParser(description="Studio shoot schedule")
    sub = parser.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("couple")
    add.add_argument("date")
    add.add_argument("--venue", default="")
    add.add_argument("--lead", default="")
    add.add_argument("--second", default="")
    add.add_argument("--package", default="Full Day")
    who = sub.add_parser("who")
    who.add_argument("name")
    week = sub.add_parser("week")
    week.add_argument("--start", default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    if args.cmd == "add":
        add_shoot(conn, args.couple, args.date, args.venue, args.lead, args.second, args.package)
    elif args.cmd == "who":
        print_rows(find_by_photographer(conn, args.name))
    else:
        today = date.today()
        start = date.fromisoformat(args.start) if args.start else today - timedelta(days=today.weekday())
        print_rows(week_view(conn, start))
    conn.close()


if __name__ == "__main__":
    main()
