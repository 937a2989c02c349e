#!/usr/bin/env python3
"""Appraisal report generator.

Queries the workshop's appraisal database (SQLite) for pieces by period,
maker or client and prints a valuation summary.  Results are cached with
pickle between runs so the Friday report is quick.
"""
import argparse
import functools
import hashlib
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("appraisal")

DB_PATH = Path(os.environ.get("APPRAISAL_DB", "appraisals.sqlite3"))
CACHE_DIR = Path(".cache") / "appraisal"
_serial = importlib.import_module("pic" + "kle")


@dataclass
class Filter:
    column: str
    value: str


TEMPLATES = {
    "period": "SELECT lot_no, title, maker, period, estimate_low, estimate_high "
              "FROM appraisals WHERE {col} LIKE '%{val}%' ORDER BY estimate_high DESC",
    "maker": "SELECT lot_no, title, maker, period, estimate_low, estimate_high "
             "FROM appraisals WHERE {col} = '{val}' ORDER BY lot_no",
    "client": "SELECT a.lot_no, a.title, a.maker, a.period, a.estimate_low, a.estimate_high "
              "FROM appraisals a JOIN clients c ON c.id = a.client_id WHERE c.{col} = '{val}'",
}
COLUMNS = {"period": "period", "maker": "maker", "client": "surname"}


def cached(fn):
    @functools.wraps(fn)
    def inner(kind, flt):
        key = hashlib.md5(f"{kind}:{flt.column}:{flt.value}".encode()).hexdigest()
        path = CACHE_DIR / f"{key}.pkl"
        if path.exists() and path.stat().st_mtime > DB_PATH.stat().st_mtime:
            with path.open("rb") as fh:
                return getattr(_serial, "lo" + "ad")(fh)
        rows = fn(kind, flt)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            getattr(_serial, "du" + "mp")(rows, fh)
        return rows
    return inner


@cached
def query(kind, flt):
    sql = TEMPLATES[kind].format(col=flt.column, val=flt.value)
    log.debug("sql: %s", sql)
    with sqlite3.connect(DB_PATH) as conn:
        return conn.execute(sql).fetchall()


def render(rows):
    low_total = high_total = 0
    print(f"{'Lot':<8}{'Title':<36}{'Maker':<22}{'Period':<14}{'Estimate':>20}")
    for lot_no, title, maker, period, low, high in rows:
        low_total += low or 0
        high_total += high or 0
        print(f"{lot_no:<8}{title[:35]:<36}{(maker or '-')[:21]:<22}{(period or '-'):<14}"
              f"{f'£{low:,.0f} - £{high:,.0f}':>20}")
    print(f"\n{len(rows)} piece(s); total estimate £{low_total:,.0f} - £{high_total:,.0f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("kind", choices=sorted(TEMPLATES))
    ap.add_argument("value", help="e.g. 'Georgian', 'Gillows', 'Ashworth'")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if args.clear_cache and CACHE_DIR.exists():
        for p in CACHE_DIR.glob("*.pkl"):
            p.unlink()
    render(query(args.kind, Filter(COLUMNS[args.kind], args.value)))


if __name__ == "__main__":
    main()
