#!/usr/bin/env python3
"""Goat dairy milk yield logger.

Reads the per-session CSV exports written by the parlour meters
(one file per milking, ``session_YYYYMMDD_AM.csv``), rolls them up
per doe and stores the daily totals in a local SQLite database.
Optionally pulls today's co-op farm-gate price so the summary can
show an estimated payout.
"""

import argparse
import csv
import json
import logging
import sqlite3
import sys
import urllib.request
from dataclasses import dataclass
from datetime import date
from pathlib import Path

log = logging.getLogger("yieldlog")

DEFAULT_CONFIG = {
    "export_dir": "parlour_exports",
    "database": "yields.sqlite3",
    "price_url": "https://api.dairycoop.example.org/v1/prices/goat/today",
    "min_valid_litres": 0.05,
}


@dataclass
class MeterReading:
    doe_tag: str
    stall: int
    litres: float
    conductivity: float
    session: str


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        with path.open() as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


def read_session(path: Path, min_litres: float):
    session = path.stem.replace("session_", "")
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                litres = float(row["yield_l"])
            except (KeyError, ValueError):
                log.warning("%s: bad yield on row %r", path.name, row)
                continue
            if litres < min_litres:
                continue
            yield MeterReading(
                doe_tag=row.get("tag", "").strip().upper(),
                stall=int(row.get("stall", 0) or 0),
                litres=litres,
                conductivity=float(row.get("cond_ms", 0) or 0),
                session=session,
            )


def init_db(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE IF NOT EXISTS daily_yield (
               day TEXT, doe_tag TEXT, litres REAL, sessions INTEGER,
               max_cond REAL, PRIMARY KEY (day, doe_tag))"""
    )


def store_totals(conn: sqlite3.Connection, day: str, readings) -> int:
    totals = {}
    for r in readings:
        t = totals.setdefault(r.doe_tag, [0.0, 0, 0.0])
        t[0] += r.litres
        t[1] += 1
        t[2] = max(t[2], r.conductivity)
    conn.executemany(
        "INSERT OR REPLACE INTO daily_yield VALUES (?, ?, ?, ?, ?)",
        [(day, tag, round(v[0], 2), v[1], v[2]) for tag, v in totals.items()],
    )
    conn.commit()
    return len(totals)


def fetch_price(url: str) -> float | None:
    try:
        with urllib.request.urlopen(url, timeout=8) as resp:
            return float(json.load(resp)["price_per_litre"])
    except Exception as exc:  # price is a nice-to-have
        log.info("price lookup failed: %s", exc)
        return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=Path("yieldlog.json"))
    ap.add_argument("--day", default=date.today().strftime("%Y%m%d"))
    ap.add_argument("--no-price", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    export_dir = Path(cfg["export_dir"])
    files = sorted(export_dir.glob(f"session_{args.day}_*.csv"))
    if not files:
        log.error("no meter exports for %s in %s", args.day, export_dir)
        return 1

    readings = []
    for f in files:
        readings.extend(read_session(f, cfg["min_valid_litres"]))
    log.info("read %d readings from %d sessions", len(readings), len(files))

    with sqlite3.connect(cfg["database"]) as conn:
        init_db(conn)
        n = store_totals(conn, args.day, readings)
    total = sum(r.litres for r in readings)
    log.info("stored totals for %d does, herd total %.1f L", n, total)

    if not args.no_price:
        price = fetch_price(cfg["price_url"])
        if price is not None:
            log.info("estimated payout at %.3f/L: %.2f", price, price * total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
