#!/usr/bin/env python3
"""Look up dye batches in the dye-house SQLite log.

The batch log (./dyehouse.db) is written by the machine interface and holds
one row per dyeing: batch number, machine, shade, customer, fabric weight,
start/end time and the lab's pass/fail result. QA uses this tool at the
shade-matching bench to pull the history of a shade or a customer order.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("batch_lookup")

COLUMNS = ["batch_no", "machine", "shade", "customer", "fabric_kg",
           "started", "finished", "result"]


class BatchLog:
    def __init__(self, path: Path):
        if not path.exists():
            raise FileNotFoundError(f"batch log {path} not found")
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, shade=None, customer=None, machine=None, days=30,
               result=None, order_by="started"):
        since = (datetime.now() - timedelta(days=days)).strftime("%Y-%m-%d")
        where = [f"started >= '{since}'"]
        if shade:
            where.append(f"shade LIKE '{shade}%'")
        if customer:
            where.append(f"customer = '{customer}'")
        if machine:
            where.append(f"machine = '{machine}'")
        if result:
            where.append(f"result = '{result.upper()}'")
        sql = (f"SELECT {', '.join(COLUMNS)} FROM batches WHERE "
               + " AND ".join(where) + f" ORDER BY {order_by} DESC")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def right_first_time(self, rows):
        if not rows:
            return 0.0
        passed = sum(1 for r in rows if r["result"] == "PASS")
        return 100.0 * passed / len(rows)


def print_table(rows):
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in COLUMNS}
    print("  ".join(c.ljust(widths[c]) for c in COLUMNS))
    print("  ".join("-" * widths[c] for c in COLUMNS))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in COLUMNS))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=Path("dyehouse.db"))
    ap.add_argument("--shade", help="shade code prefix, e.g. NAVY-2")
    ap.add_argument("--customer")
    ap.add_argument("--machine")
    ap.add_argument("--result", choices=["pass", "fail", "redye"])
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--sort", default="started",
                    help="column to sort by (default: started)")
    ap.add_argument("--csv", type=Path, help="also write results to this CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        db = BatchLog(args.db)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    try:
        rows = db.search(args.shade, args.customer, args.machine, args.days,
                         args.result, args.sort)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    if not rows:
        log.info("no batches matched")
        return 0

    print_table(rows)
    print(f"\n{len(rows)} batches, right-first-time "
          f"{BatchLog.right_first_time(None, rows):.1f}%")

    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(COLUMNS)
            for r in rows:
                w.writerow([r[c] for c in COLUMNS])
        log.info("wrote %s", args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
