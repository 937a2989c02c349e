#!/usr/bin/env python3
"""Frame board margin report.

Joins the POS frame stock export with each supplier's published trade price
list and writes a margin report per brand, flagging frames whose retail
price no longer covers the target mark-up. Supplier price lists are cached
under .cache/ for a day so re-running the report during a stock take does
not hammer the supplier sites.

Suppliers are listed in suppliers.json:
  [{"name": "...", "price_list": "https://...csv", "sku_prefix": "EWD-"}]
"""
import argparse
import csv
import hashlib
import io
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("frame_margins")

CACHE_DIR = Path(".cache/price_lists")
CACHE_TTL = 24 * 3600


def cache_path(url: str) -> Path:
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".csv")


def fetch_price_list(url: str, refresh: bool = False) -> str:
    cached = cache_path(url)
    if not refresh and cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return cached.read_text()
    req = urllib.request.Request(url, headers={"User-Agent": "frame-margins/2.1"})
    with urllib.request.urlopen(req, timeout=45) as resp:
        text = resp.read().decode(resp.headers.get_content_charset() or "utf-8")
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(text)
    return text


def parse_prices(text: str):
    prices = {}
    for row in csv.DictReader(io.StringIO(text)):
        try:
            prices[row["sku"].strip()] = Decimal(row["trade_price"])
        except (KeyError, InvalidOperation):
            continue
    return prices


def load_stock(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "sku": row["sku"].strip(),
                    "brand": row.get("brand", "").strip() or "Unbranded",
                    "desc": row.get("description", ""),
                    "on_hand": int(row.get("on_hand") or 0),
                    "retail": Decimal(row["retail"]),
                }
            except (KeyError, InvalidOperation, ValueError):
                log.debug("skipping malformed stock row %r", row)


def build_report(stock, prices, target_markup: Decimal):
    per_brand = defaultdict(lambda: {"frames": 0, "units": 0, "cost": Decimal(0),
                                     "retail": Decimal(0), "under": []})
    missing = []
    for item in stock:
        cost = prices.get(item["sku"])
        if cost is None:
            missing.append(item["sku"])
            continue
        b = per_brand[item["brand"]]
        b["frames"] += 1
        b["units"] += item["on_hand"]
        b["cost"] += cost * item["on_hand"]
        b["retail"] += item["retail"] * item["on_hand"]
        if cost and item["retail"] / cost < target_markup:
            b["under"].append((item["sku"], item["desc"], cost, item["retail"]))
    return per_brand, missing


def write_report(per_brand, out: Path, target_markup: Decimal):
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["brand", "frames", "units", "stock_cost", "stock_retail",
                    "avg_markup", f"below_{target_markup}x"])
        for brand, b in sorted(per_brand.items()):
            markup = (b["retail"] / b["cost"]).quantize(Decimal("0.01")) if b["cost"] else ""
            w.writerow([brand, b["frames"], b["units"], b["cost"], b["retail"],
                        markup, len(b["under"])])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stock_csv", type=Path)
    ap.add_argument("--suppliers", type=Path, default=Path("suppliers.json"))
    ap.add_argument("--out", type=Path, default=Path("frame_margins.csv"))
    ap.add_argument("--markup", type=Decimal, default=Decimal("2.5"))
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    suppliers = json.loads(args.suppliers.read_text())
    prices = {}
    for sup in suppliers:
        try:
            prices.update(parse_prices(fetch_price_list(sup["price_list"], args.refresh)))
            log.info("%s: price list loaded", sup["name"])
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("%s: could not load price list (%s)", sup["name"], exc)

    per_brand, missing = build_report(load_stock(args.stock_csv), prices, args.markup)
    write_report(per_brand, args.out, args.markup)
    log.info("report written to %s (%d brands)", args.out, len(per_brand))
    if missing:
        log.info("%d SKUs had no supplier price, e.g. %s", len(missing),
                 ", ".join(missing[:5]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
