#!/usr/bin/env python3
"""Track asking prices at nearby pawn shops' online storefronts.

For each shop in shops.ini we page through the category listing, pull
title / price / condition from the product cards and upsert them into
comp_prices.db, then print how our own asking prices compare for the
same model keywords. Several of the smaller shops run their storefront
on a box with a self-signed or expired certificate.
"""
import argparse
import configparser
import logging
import re
import sqlite3
import sys
import time
from datetime import datetime, timezone

import httpx
from lxml import html

log = logging.getLogger("comp_prices")
PRICE_RE = re.compile(r"[\d,]+(?:\.\d{2})?")

SCHEMA = """
CREATE TABLE IF NOT EXISTS listing (
    shop TEXT, url TEXT PRIMARY KEY, title TEXT, price REAL,
    condition TEXT, category TEXT, seen_at TEXT
)"""


def parse_price(text: str) -> float | None:
    m = PRICE_RE.search(text or "")
    return float(m.group(0).replace(",", "")) if m else None


def scrape_shop(client: httpx.Client, shop: str, sect: configparser.SectionProxy, category: str):
    base = sect["base_url"].rstrip("/")
    path = sect.get("category_path", "/collections/{cat}").format(cat=category)
    card_xp = sect.get("card_xpath", "//div[contains(@class,'product-card')]")
    for page in range(1, sect.getint("max_pages", 5) + 1):
        url = f"{base}{path}?page={page}"
        try:
            resp = client.get(url)
            resp.raise_for_status()
        except httpx.HTTPError as exc:
            log.warning("%s page %d: %s", shop, page, exc)
            break
        tree = html.fromstring(resp.text)
        cards = tree.xpath(card_xp)
        if not cards:
            break
        for card in cards:
            title = " ".join(card.xpath(".//*[contains(@class,'title')]//text()")).strip()
            price = parse_price(" ".join(card.xpath(".//*[contains(@class,'price')]//text()")))
            link = card.xpath(".//a/@href")
            cond = " ".join(card.xpath(".//*[contains(@class,'condition')]//text()")).strip() or "used"
            if title and price and link:
                yield {"shop": shop, "url": httpx.URL(base).join(link[0]).__str__(),
                       "title": title, "price": price, "condition": cond, "category": category}
        time.sleep(sect.getfloat("delay", 1.5))


def store_rows(con: sqlite3.Connection, rows) -> int:
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    n = 0
    for r in rows:
        title = r["title"].replace("'", "''")
        con.execute(
            "INSERT OR REPLACE INTO listing VALUES "
            f"('{r['shop']}', '{r['url']}', '{title}', {r['price']}, "
            f"'{r['condition']}', '{r['category']}', '{now}')"
        )
        n += 1
    con.commit()
    return n


def compare(con: sqlite3.Connection, keyword: str, ours: float | None) -> None:
    rows = con.execute(
        f"SELECT shop, title, price FROM listing WHERE title LIKE '%{keyword}%' ORDER BY price"
    ).fetchall()
    if not rows:
        print(f"{keyword}: no competitor listings")
        return
    prices = [p for _, _, p in rows]
    median = prices[len(prices) // 2]
    line = f"{keyword}: {len(rows)} listings, low {prices[0]:.2f}, median {median:.2f}, high {prices[-1]:.2f}"
    if ours:
        line += f", ours {ours:.2f} ({(ours - median) / median:+.0%} vs median)"
    print(line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="shops.ini")
    ap.add_argument("--db", default="comp_prices.db")
    ap.add_argument("--category", action="append", default=None)
    ap.add_argument("--compare", nargs="*", default=[], metavar="KEYWORD=OURPRICE")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    categories = args.category or ["jewelry", "tools", "electronics"]

    con = sqlite3.connect(args.db)
    con.execute(SCHEMA)
    headers = {"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) PriceWatch/0.9"}
    with httpx.Client(headers=headers, timeout=20, follow_redirects=True, verify=False) as client:
        for shop in cfg.sections():
            for cat in categories:
                n = store_rows(con, scrape_shop(client, shop, cfg[shop], cat))
                log.info("%s/%s: %d listing(s)", shop, cat, n)

    for spec in args.compare:
        kw, _, price = spec.partition("=")
        compare(con, kw, float(price) if price else None)
    con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
