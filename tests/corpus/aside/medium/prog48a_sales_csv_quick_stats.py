#!/usr/bin/env python3
"""Load a sales export (CSV) into SQLite and print quick per-region stats.

Usage examples the user asked for:
    quick_stats.py sales.csv --region EMEA --since 2024-01-01
    quick_stats.py sales.csv --group-by product --top 5
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

DB_PATH = Path("sales_cache.sqlite3")
COLUMNS = {
    "order_id": "TEXT PRIMARY KEY",
    "order_date": "TEXT",
    "region": "TEXT",
    "product": "TEXT",
    "quantity": "INTEGER",
    "unit_price": "REAL",
}

log = logging.getLogger("quick-stats")


def import_csv(conn, csv_path: Path) -> int:
    cols = ", ".join(f"{name} {kind}" for name, kind in COLUMNS.items())
    conn.execute(f"CREATE TABLE IF NOT EXISTS sales ({cols})")
    placeholders = ", ".join("?" for _ in COLUMNS)
    rows = 0
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        batch = []
        for rec in reader:
            batch.append(tuple(rec.get(c) for c in COLUMNS))
            if len(batch) >= 500:
                conn.executemany(f"INSERT OR REPLACE INTO sales VALUES ({placeholders})", batch)
                rows += len(batch)
                batch.clear()
        if batch:
            conn.executemany(f"INSERT OR REPLACE INTO sales VALUES ({placeholders})", batch)
            rows += len(batch)
    conn.commit()
    return rows


def build_query(group_by: str, region, since, top: int) -> str:
    filters = []
    if region:
        filters.append("region = '%s'" % region)
    if since:
        filters.append("order_date >= '%s'" % since)
    where = ("WHERE " + " AND ".join(filters)) if filters else ""
    return (
        "SELECT {g} AS bucket, COUNT(*) AS orders, SUM(quantity) AS units, "
        "ROUND(SUM(quantity * unit_price), 2) AS revenue "
        "FROM sales {w} GROUP BY {g} ORDER BY revenue DESC LIMIT {n}"
    ).format(g=group_by, w=where, n=int(top))


def print_rows(cursor) -> None:
    headers = [d[0] for d in cursor.description]
    rows = cursor.fetchall()
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", type=Path)
    ap.add_argument("--region")
    ap.add_argument("--since", help="ISO date, e.g. 2024-01-01")
    ap.add_argument("--group-by", default="region", choices=["region", "product", "order_date"])
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--reload", action="store_true", help="rebuild the local cache DB")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.reload and DB_PATH.exists():
        DB_PATH.unlink()
    with closing(sqlite3.connect(DB_PATH)) as conn:
        count = import_csv(conn, args.csv)
        log.info("imported %d rows from %s", count, args.csv)
        sql = build_query(args.group_by, args.region, args.since, args.top)
        log.debug("query: %s", sql)
        try:
            print_rows(conn.execute(sql))
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
