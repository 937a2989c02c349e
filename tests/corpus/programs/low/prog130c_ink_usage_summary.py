#!/usr/bin/env python3
"""ink_usage_summary - import RIP job-accounting exports into a local ledger.

The RIPs drop a CSV per day into ``rip_exports/`` with one row per printed
job (printer, job, customer, media, area and millilitres per ink channel).
This tool loads new exports into ``ink_usage.db`` and prints the ink cost
per customer so quotes can be checked against what the job really used.
"""
import argparse
import csv
import hashlib
import json
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("inklog")

CHANNELS = ("c", "m", "y", "k", "lc", "lm", "w")
DEFAULT_PRICES = {"c": 0.21, "m": 0.21, "y": 0.21, "k": 0.19,
                  "lc": 0.23, "lm": 0.23, "w": 0.44}

COLUMNS = ("day", "printer", "job", "customer", "contact", "media",
           "area_m2") + CHANNELS
INSERT_USAGE = ("INSERT INTO usage (day, printer, job, customer, contact, media, "
                "area_m2, c, m, y, k, lc, lm, w) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

SCHEMA = """
CREATE TABLE IF NOT EXISTS imports (sha256 TEXT PRIMARY KEY, name TEXT, rows INTEGER);
CREATE TABLE IF NOT EXISTS usage (
    day TEXT, printer TEXT, job TEXT, customer TEXT, contact TEXT,
    media TEXT, area_m2 REAL, c REAL, m REAL, y REAL, k REAL,
    lc REAL, lm REAL, w REAL
);
"""


def open_db(path):
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    return db


def read_export(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "day": row["Date"][:10],
                    "printer": row["Printer"],
                    "job": row["Job"],
                    "customer": row.get("Customer", ""),
                    "contact": row.get("Contact", ""),
                    "media": row.get("Media", ""),
                    "area_m2": float(row.get("Area m2") or 0),
                    **{ch: float(row.get(ch.upper() + " ml") or 0) for ch in CHANNELS},
                }
            except (KeyError, ValueError) as exc:
                log.warning("%s: bad row skipped (%s)", path.name, exc)


def import_exports(db, folder):
    added = []
    for path in sorted(Path(folder).glob("*.csv")):
        sha = hashlib.sha256(path.read_bytes()).hexdigest()
        if db.execute("SELECT 1 FROM imports WHERE sha256 = ?", (sha,)).fetchone():
            continue
        rows = list(read_export(path))
        db.executemany(INSERT_USAGE, [tuple(r[c] for c in COLUMNS) for r in rows])
        db.execute("INSERT INTO imports VALUES (?, ?, ?)", (sha, path.name, len(rows)))
        db.commit()
        log.info("imported %s (%d jobs)", path.name, len(rows))
        added.extend(rows)
    return added


def cost_report(db, prices, since):
    totals = {}
    cur = db.execute("SELECT customer, area_m2, c, m, y, k, lc, lm, w FROM usage "
                     "WHERE day >= ?", (since,))
    for customer, area, *ml in cur:
        jobs, m2, cost = totals.get(customer, (0, 0.0, 0.0))
        cost += sum(v * float(prices[ch]) for ch, v in zip(CHANNELS, ml))
        totals[customer] = (jobs + 1, m2 + (area or 0.0), cost)
    return sorted(((c, *t) for c, t in totals.items()), key=lambda r: r[3],
                  reverse=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exports", default="rip_exports")
    ap.add_argument("--db", default="ink_usage.db")
    ap.add_argument("--prices", default="ink_prices.json")
    ap.add_argument("--since", default="1970-01-01")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    prices = dict(DEFAULT_PRICES)
    if Path(args.prices).is_file():
        prices.update(json.loads(Path(args.prices).read_text()))

    db = open_db(args.db)
    try:
        added = import_exports(db, args.exports)
        log.info("%d new jobs this run", len(added))
        print(f"{'customer':30} {'jobs':>5} {'m2':>9} {'ink cost':>10}")
        for cust, jobs, area, cost in cost_report(db, prices, args.since):
            print(f"{(cust or '-')[:30]:30} {jobs:5d} {area or 0:9.1f} {cost or 0:10.2f}")
    except (OSError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
