#!/usr/bin/env python3
"""Scrap gold and silver buying quote for the counter.

Weigh the customer's items, enter them in a small CSV (description,
hallmark, grams) and this prints a quote at the day's buying rate, with
the per-item workings the customer can see.  Spot prices are fetched from
the metals feed and cached for ten minutes so repeated quotes are quick.

    scrap_gold_quote.py items.csv --customer "J Smith"
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
from decimal import Decimal, ROUND_DOWN
from pathlib import Path

import requests

LOG = logging.getLogger("scrapquote")
FEED_URL = os.environ.get("METALS_FEED_URL", "https://feeds.metalsdesk.example.com/v1/spot")
CACHE_DIR = Path(".quote-cache")
CACHE_TTL = 600
TROY_OZ_G = Decimal("31.1034768")

# hallmark -> (metal, fineness)
HALLMARKS = {
    "375": ("XAU", Decimal("0.375")), "9ct": ("XAU", Decimal("0.375")),
    "585": ("XAU", Decimal("0.585")), "14ct": ("XAU", Decimal("0.585")),
    "750": ("XAU", Decimal("0.750")), "18ct": ("XAU", Decimal("0.750")),
    "916": ("XAU", Decimal("0.916")), "22ct": ("XAU", Decimal("0.916")),
    "999": ("XAU", Decimal("0.999")),
    "925": ("XAG", Decimal("0.925")), "sterling": ("XAG", Decimal("0.925")),
    "958": ("XAG", Decimal("0.958")),
    "950pt": ("XPT", Decimal("0.950")),
}
BUY_RATE = {"XAU": Decimal("0.80"), "XAG": Decimal("0.65"), "XPT": Decimal("0.70")}


def cache_path(currency):
    key = hashlib.md5(f"{FEED_URL}|{currency}".encode()).hexdigest()
    return CACHE_DIR / f"{key}.json"


def spot_prices(currency):
    path = cache_path(currency)
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return json.loads(path.read_text())
    headers = {}
    if os.environ.get("METALS_FEED_KEY"):
        headers["X-Api-Key"] = os.environ["METALS_FEED_KEY"]
    resp = requests.get(FEED_URL, params={"symbols": "XAU,XAG,XPT", "currency": currency},
                        headers=headers, timeout=15)
    resp.raise_for_status()
    rates = resp.json()["rates"]
    CACHE_DIR.mkdir(exist_ok=True)
    path.write_text(json.dumps(rates))
    return rates


def read_items(path):
    items = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            mark = row["hallmark"].strip().lower()
            if mark not in HALLMARKS:
                raise ValueError(f"line {n}: unknown hallmark {row['hallmark']!r}")
            grams = Decimal(row["grams"])
            if grams <= 0:
                raise ValueError(f"line {n}: weight must be positive")
            items.append({"description": row["description"], "hallmark": mark, "grams": grams})
    return items


def quote(items, rates):
    lines, total = [], Decimal("0")
    for item in items:
        metal, fineness = HALLMARKS[item["hallmark"]]
        per_gram_pure = Decimal(str(rates[metal])) / TROY_OZ_G
        offer = (item["grams"] * fineness * per_gram_pure * BUY_RATE[metal]).quantize(
            Decimal("0.01"), rounding=ROUND_DOWN)
        lines.append({**item, "metal": metal, "fineness": fineness, "offer": offer})
        total += offer
    return lines, total


def main(argv=None):
    ap = argparse.ArgumentParser(description="Scrap buying quote")
    ap.add_argument("items", type=Path)
    ap.add_argument("--customer", default="")
    ap.add_argument("--currency", default="GBP")
    ap.add_argument("--save", action="store_true", help="also write the quote to quotes/")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        items = read_items(args.items)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read items: %s", exc)
        return 2
    try:
        rates = spot_prices(args.currency)
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.error("no spot price available: %s", exc)
        return 1

    lines, total = quote(items, rates)
    now = dt.datetime.now()
    out = [f"Scrap quote {now:%d/%m/%Y %H:%M}  {args.customer}".rstrip(), ""]
    for ln in lines:
        out.append(f"{ln['description'][:30]:<30} {ln['hallmark']:>8} {ln['grams']:>7}g "
                   f"{args.currency} {ln['offer']:>9,}")
    out += ["", f"{'Total offer':<48} {args.currency} {total:>9,}",
            "Quote valid for today only, subject to testing."]
    text = "\n".join(out)
    print(text)
    if args.save:
        qdir = Path("quotes")
        qdir.mkdir(exist_ok=True)
        (qdir / f"quote-{now:%Y%m%d-%H%M%S}.txt").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
