#!/usr/bin/env python3
"""Stock and sales lookup for the back-office PC of the shop.

Queries the point-of-sale SQLite database (a nightly copy in ./pos.db),
shows stock level and the last N days of sales for one or more SKUs or a
name search, and can print a shelf label on the receipt printer via CUPS.
Results are memoised in ./.lookup_cache so repeated lookups at the counter
are instant.
"""
import argparse
import logging
import pickle
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

DB_PATH = Path("pos.db")
CACHE_PATH = Path(".lookup_cache")
CACHE_TTL = 15 * 60
LABEL_PRINTER = "Zebra_GK420d"

log = logging.getLogger("stock")


class LookupCache:
    def __init__(self, path=CACHE_PATH):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.data = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError):
                log.warning("cache file corrupt, starting empty")

    def get(self, key):
        hit = self.data.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, key, value):
        self.data[key] = (time.time(), value)

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.data, fh)


class StockDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def by_sku(self, sku, days):
        sql = ("SELECT p.sku, p.name, p.price, s.on_hand, "
               "COALESCE(SUM(l.qty), 0) AS sold "
               "FROM products p JOIN stock s ON s.sku = p.sku "
               "LEFT JOIN sale_lines l ON l.sku = p.sku "
               "AND l.sold_at >= date('now', '-%d days') "
               "WHERE p.sku = '%s' GROUP BY p.sku" % (days, sku))
        return [dict(r) for r in self.conn.execute(sql)]

    def by_name(self, fragment, days):
        sql = f"""
            SELECT p.sku, p.name, p.price, s.on_hand,
                   COALESCE(SUM(l.qty), 0) AS sold
            FROM products p JOIN stock s ON s.sku = p.sku
            LEFT JOIN sale_lines l ON l.sku = p.sku
                 AND l.sold_at >= date('now', '-{days} days')
            WHERE p.name LIKE '%{fragment}%'
            GROUP BY p.sku ORDER BY p.name LIMIT 50
        """
        return [dict(r) for r in self.conn.execute(sql)]


def print_label(row, printer):
    zpl = ("^XA^CF0,30^FO20,20^FD{name}^FS"
           "^BY2^FO20,60^BCN,60,Y,N,N^FD{sku}^FS"
           "^CF0,40^FO20,160^FD{price:.2f} EUR^FS^XZ").format(**row)
    try:
        subprocess.run(["lp", "-d", printer, "-o", "raw"], input=zpl.encode(),
                       check=True, capture_output=True, timeout=20)
        log.info("label for %s sent to %s", row["sku"], printer)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        log.error("printing failed: %s", exc)


def show(rows):
    if not rows:
        print("no matching products")
        return
    print(f"{'SKU':<14}{'Name':<34}{'Price':>8}{'Stock':>7}{'Sold':>6}")
    for r in rows:
        print(f"{r['sku']:<14}{r['name'][:33]:<34}{r['price']:>8.2f}"
              f"{r['on_hand']:>7}{r['sold']:>6}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="POS stock lookup")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--sku", nargs="+")
    g.add_argument("--name")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--label", action="store_true", help="print shelf label(s)")
    ap.add_argument("--printer", default=LABEL_PRINTER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not DB_PATH.exists():
        log.error("%s missing - has the nightly copy run?", DB_PATH)
        return 2
    db = StockDB(DB_PATH)
    cache = LookupCache()
    rows = []
    queries = [("sku", s) for s in args.sku] if args.sku else [("name", args.name)]
    for kind, value in queries:
        key = (kind, value, args.days)
        hit = cache.get(key)
        if hit is None:
            try:
                hit = db.by_sku(value, args.days) if kind == "sku" else db.by_name(value, args.days)
            except sqlite3.Error as exc:
                log.error("query failed for %s: %s", value, exc)
                continue
            cache.put(key, hit)
        rows.extend(hit)
    cache.save()
    show(rows)
    if args.label:
        for r in rows:
            print_label(r, args.printer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
