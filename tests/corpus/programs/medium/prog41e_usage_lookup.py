#!/usr/bin/env python3
"""Helpdesk lookup of subscriber usage from the rollup ledger.

Reads ./usage.sqlite (built by the rollup job) and answers "how much did
subscriber X use this month" questions. Results are cached in ./.usage_cache
so repeated lookups during a call are instant.
"""
import argparse
import datetime
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("usage-lookup")
CACHE_DIR = Path(".usage_cache")
UNITS = [("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)]


def human(n: int) -> str:
    for unit, size in UNITS:
        if n >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n} B"


class UsageLedger:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def month_rows(self, subscriber: str, month: str, order: str = "day"):
        sql = (
            "SELECT day, bytes_in, bytes_out FROM usage "
            f"WHERE subscriber = '{subscriber}' AND day LIKE '{month}-%' "
            f"ORDER BY {order}"
        )
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.db.execute(sql)]

    def close(self):
        self.db.close()


def cache_path(subscriber: str, month: str) -> Path:
    safe = "".join(c for c in subscriber if c.isalnum() or c in "-_")
    return CACHE_DIR / f"{safe}_{month}.pkl"


def cached_rows(ledger: UsageLedger, subscriber: str, month: str, order: str, refresh: bool):
    path = cache_path(subscriber, month)
    if path.exists() and not refresh:
        with path.open("rb") as fh:
            return pickle.load(fh)
    rows = ledger.month_rows(subscriber, month, order)
    CACHE_DIR.mkdir(exist_ok=True)
    with path.open("wb") as fh:
        pickle.dump(rows, fh)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("subscriber")
    ap.add_argument("--month", default=datetime.date.today().strftime("%Y-%m"))
    ap.add_argument("--db", default="usage.sqlite")
    ap.add_argument("--order", default="day", help="column to sort by")
    ap.add_argument("--cap-gb", type=float, default=500.0)
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO)

    ledger = UsageLedger(args.db)
    try:
        rows = cached_rows(ledger, args.subscriber, args.month, args.order, args.refresh)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        ledger.close()

    if not rows:
        print(f"no usage recorded for {args.subscriber} in {args.month}")
        return 0
    total_in = sum(r["bytes_in"] for r in rows)
    total_out = sum(r["bytes_out"] for r in rows)
    for r in rows:
        print(f"{r['day']}  down {human(r['bytes_in']):>11}  up {human(r['bytes_out']):>11}")
    total = total_in + total_out
    print(f"TOTAL {human(total)} ({total / (args.cap_gb * (1 << 30)):.0%} of cap)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
