#!/usr/bin/env python3
"""Scrape product prices into a local SQLite database (prices.db) and show
the cheapest observation per product."""
import argparse
import datetime as dt
import re
import sqlite3

import requests
from bs4 import BeautifulSoup

DB = "prices.db"
PRICE_RE = re.compile(r"[\d]+(?:[.,]\d{2})?")


def init_db(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS prices ("
        " product TEXT, shop TEXT, price REAL, seen_at TEXT)"
    )
    conn.commit()


def scrape(url, selector):
    r = requests.get(url, headers={"User-Agent": "Mozilla/5.0"}, timeout=20)
    r.raise_for_status()
    node = BeautifulSoup(r.text, "html.parser").select_one(selector)
    if not node:
        return None
    m = PRICE_RE.search(node.get_text())
    return float(m.group(0).replace(",", ".")) if m else None


def record(conn, product, shop, price):
    now = dt.datetime.now().isoformat(timespec="seconds")
    sql = (
        "INSERT INTO prices (product, shop, price, seen_at) "
        f"VALUES ('{product}', '{shop}', {price}, '{now}')"
    )
    conn.execute(sql)
    conn.commit()


def cheapest(conn, product):
    sql = (
        "SELECT shop, MIN(price), seen_at FROM prices "
        "WHERE product = '%s' GROUP BY shop ORDER BY MIN(price)" % product
    )
    return conn.execute(sql).fetchall()


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("scrape")
    s.add_argument("product")
    s.add_argument("shop")
    s.add_argument("url")
    s.add_argument("--selector", default=".price")
    q = sub.add_parser("best")
    q.add_argument("product")
    args = ap.parse_args()

    conn = sqlite3.connect(DB)
    init_db(conn)
    if args.cmd == "scrape":
        price = scrape(args.url, args.selector)
        if price is None:
            print("price not found")
            return
        record(conn, args.product, args.shop, price)
        print(f"{args.product} @ {args.shop}: {price:.2f}")
    else:
        rows = cheapest(conn, args.product)
        if not rows:
            print("no data")
        for shop, price, seen in rows:
            print(f"{shop:20s} {price:8.2f}  ({seen})")
    conn.close()


if __name__ == "__main__":
    main()
