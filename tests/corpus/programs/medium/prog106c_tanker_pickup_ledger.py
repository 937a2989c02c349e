#!/usr/bin/env python3
"""Milk tanker pickup ledger.

Keeps a local record of every bulk tank collection (tanker, driver,
litres, tank temperature, sample barcode) and reconciles it against the
creamery's monthly statement so the farm can spot short-paid litres.

    ledger.py add --tanker YX21ABC --driver "J Pryce" --litres 6120 --temp 3.4 --sample S88213
    ledger.py list --driver "J Pryce" --month 2024-05
    ledger.py reconcile statement_2024-05.csv
"""
import argparse
import csv
import datetime as dt
import logging
import pickle
import sqlite3
import sys
import time
from pathlib import Path

import requests

DB_PATH = Path("pickups.db")
PRICE_CACHE = Path(".price_schedule.cache")
PRICE_URL = "https://members.creamery-coop.example.com/api/price-schedule"
log = logging.getLogger("ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS pickups (
    id INTEGER PRIMARY KEY,
    collected_at TEXT NOT NULL,
    tanker TEXT NOT NULL,
    driver TEXT NOT NULL,
    litres INTEGER NOT NULL,
    temp_c REAL,
    sample TEXT
)"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.row_factory = sqlite3.Row
    conn.execute(SCHEMA)
    return conn


def price_schedule(max_age=86400):
    """Creamery pence-per-litre schedule, cached for a day."""
    if PRICE_CACHE.exists() and time.time() - PRICE_CACHE.stat().st_mtime < max_age:
        with PRICE_CACHE.open("rb") as fh:
            return pickle.load(fh)
    resp = requests.get(PRICE_URL, timeout=15)
    resp.raise_for_status()
    schedule = {row["month"]: float(row["ppl"]) for row in resp.json()["schedule"]}
    with PRICE_CACHE.open("wb") as fh:
        pickle.dump(schedule, fh)
    return schedule


def cmd_add(conn, args):
    when = args.at or dt.datetime.now().isoformat(timespec="minutes")
    conn.execute(
        "INSERT INTO pickups (collected_at, tanker, driver, litres, temp_c, sample) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (when, args.tanker.upper(), args.driver, args.litres, args.temp, args.sample))
    conn.commit()
    if args.temp is not None and args.temp > 6.0:
        log.warning("tank temperature %.1f C is above the 6 C collection limit", args.temp)
    print(f"recorded {args.litres} L on {when}")


def query_pickups(conn, driver=None, month=None, order="collected_at"):
    where = []
    if driver:
        where.append(f"driver = '{driver}'")
    if month:
        where.append(f"substr(collected_at, 1, 7) = '{month}'")
    sql = "SELECT * FROM pickups"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += f" ORDER BY {order}"
    return conn.execute(sql).fetchall()


def cmd_list(conn, args):
    rows = query_pickups(conn, args.driver, args.month, args.order)
    total = 0
    for r in rows:
        total += r["litres"]
        print(f"{r['collected_at']}  {r['tanker']:<8} {r['driver']:<14} "
              f"{r['litres']:>6} L  {r['temp_c'] or '':>4}  {r['sample'] or ''}")
    print(f"{len(rows)} pickup(s), {total} L")


def cmd_reconcile(conn, args):
    statement = {}
    with open(args.statement, newline="") as fh:
        for row in csv.DictReader(fh):
            statement[row["sample"]] = int(float(row["litres_paid"]))
    month = args.month or Path(args.statement).stem.split("_")[-1]
    rows = query_pickups(conn, month=month)
    try:
        ppl = price_schedule().get(month)
    except requests.RequestException as exc:
        log.warning("price schedule unavailable: %s", exc)
        ppl = None
    short = 0
    for r in rows:
        paid = statement.get(r["sample"])
        if paid is None:
            print(f"MISSING  {r['collected_at']} sample {r['sample']} ({r['litres']} L)")
            short += r["litres"]
        elif paid < r["litres"]:
            print(f"SHORT    {r['collected_at']} sample {r['sample']}: {r['litres']} L, paid {paid} L")
            short += r["litres"] - paid
    print(f"unpaid litres: {short}")
    if ppl:
        print(f"at {ppl:.2f} ppl that is £{short * ppl / 100:,.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Milk tanker pickup ledger")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--tanker", required=True)
    a.add_argument("--driver", required=True)
    a.add_argument("--litres", type=int, required=True)
    a.add_argument("--temp", type=float)
    a.add_argument("--sample")
    a.add_argument("--at", help="ISO time (default now)")
    l = sub.add_parser("list")
    l.add_argument("--driver")
    l.add_argument("--month", help="YYYY-MM")
    l.add_argument("--order", default="collected_at")
    r = sub.add_parser("reconcile")
    r.add_argument("statement")
    r.add_argument("--month")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = connect()
    try:
        {"add": cmd_add, "list": cmd_list, "reconcile": cmd_reconcile}[args.cmd](conn, args)
    except (sqlite3.Error, OSError, KeyError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
