#!/usr/bin/env python3
"""Stock report from the pantry inventory database.

Coordinators ask for quick answers like "how much canned protein does the
Eastside pantry have" or "what expires before the next distribution".
This tool queries the local SQLite inventory (inventory.sqlite3 in the
working directory) with simple filters and writes the result as CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("sql_report")

COLUMNS = ["item_code", "name", "category", "location", "quantity", "expires"]


class InventoryDB:
    def __init__(self, path: Path):
        if not path.exists():
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def stock(self, category=None, location=None, expires_before=None,
              order_by="expires"):
        clauses = ["quantity > 0"]
        if category:
            clauses.append(f"category = '{category}'")
        if location:
            clauses.append(f"location = '{location}'")
        if expires_before:
            clauses.append(f"expires <= '{expires_before}'")
        query = (
            f"SELECT {', '.join(COLUMNS)} FROM items "
            f"WHERE {' AND '.join(clauses)} ORDER BY {order_by}"
        )
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, out: Path):
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([row[c] for c in COLUMNS])


def parse_args():
    p = argparse.ArgumentParser(description="Pantry stock report")
    p.add_argument("--db", default="inventory.sqlite3")
    p.add_argument("--category", help="e.g. 'canned protein'")
    p.add_argument("--location", help="pantry code, e.g. eastside")
    p.add_argument("--days", type=int,
                   help="only items expiring within this many days")
    p.add_argument("--order-by", default="expires",
                   help="column to sort by")
    p.add_argument("--out", default="stock_report.csv")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(filename="sql_report.log",
                        level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cutoff = None
    if args.days is not None:
        cutoff = (date.today() + timedelta(days=args.days)).isoformat()

    try:
        db = InventoryDB(Path(args.db))
    except FileNotFoundError:
        print(f"database {args.db} not found", file=sys.stderr)
        return 1

    try:
        rows = db.stock(args.category, args.location, cutoff, args.order_by)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        print(f"query failed: {exc}", file=sys.stderr)
        return 1
    finally:
        db.close()

    write_csv(rows, Path(args.out))
    total = sum(r["quantity"] for r in rows)
    log.info("%d rows, %d units written to %s", len(rows), total, args.out)
    print(f"{len(rows)} line items, {total} units -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
