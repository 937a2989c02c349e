#!/usr/bin/env python3
"""Pull the weekly trade price list from our carpet/vinyl suppliers and
produce a sell-price sheet for the quoting spreadsheet.

Each supplier section in pricefeeds.ini gives the CSV feed URL, the column
names it uses, and the pricing rule the office agreed with that supplier,
written as a small expression over the feed columns, e.g.

    [cavalier]
    url = https://trade.cavalier-carpets.example/feeds/pricelist.csv
    sku_col = ProductCode
    cost_col = TradePerM2
    width_col = RollWidth
    rule = cost * 1.38 + (2.10 if width >= 5 else 1.60)
"""
import argparse
import configparser
import csv
import io
import logging
import math
import sys
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

log = logging.getLogger("pricefeed")

RULE_GLOBALS = {"__builtins__": {}, "min": min, "max": max, "round": round,
                "ceil": math.ceil, "floor": math.floor}


def fetch_feed(url, timeout=30):
    req = urllib.request.Request(url, headers={"User-Agent": "underfoot-pricefeed/2.0"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        charset = resp.headers.get_content_charset() or "utf-8"
        return resp.read().decode(charset, errors="replace")


def parse_rows(text, section):
    reader = csv.DictReader(io.StringIO(text))
    sku_col = section.get("sku_col", "sku")
    cost_col = section.get("cost_col", "cost")
    width_col = section.get("width_col", "width")
    for row in reader:
        try:
            yield {
                "sku": row[sku_col].strip(),
                "name": row.get(section.get("name_col", "Description"), "").strip(),
                "cost": float(row[cost_col]),
                "width": float(row.get(width_col) or 0),
            }
        except (KeyError, ValueError) as exc:
            log.debug("skipping row %r: %s", row, exc)


class PriceRule:
    """Compiled per-supplier pricing rule."""

    def __init__(self, supplier, text):
        self.supplier = supplier
        self.text = text.strip()
        self.code = compile(self.text, f"<rule:{supplier}>", "eval")

    def apply(self, item):
        scope = dict(item)
        value = eval(self.code, RULE_GLOBALS, scope)
        return round(float(value), 2)


def build_sheet(cfg, only=None):
    out = []
    for name in cfg.sections():
        if only and name not in only:
            continue
        sec = cfg[name]
        rule = PriceRule(name, sec.get("rule", "cost * 1.35"))
        try:
            text = fetch_feed(sec["url"], timeout=sec.getint("timeout", 30))
        except (urllib.error.URLError, TimeoutError) as exc:
            log.error("%s: feed unavailable (%s)", name, exc)
            continue
        count = 0
        for item in parse_rows(text, sec):
            try:
                item["sell"] = rule.apply(item)
            except Exception as exc:  # bad rule shouldn't kill the whole run
                log.error("%s: rule failed on %s: %s", name, item["sku"], exc)
                continue
            item["supplier"] = name
            out.append(item)
            count += 1
        log.info("%s: %d products priced", name, count)
    return out


def write_sheet(rows, path):
    fields = ["supplier", "sku", "name", "width", "cost", "sell"]
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: (r["supplier"], r["sku"])))


def main():
    ap = argparse.ArgumentParser(description="Build sell-price sheet from supplier feeds")
    ap.add_argument("-c", "--config", type=Path, default=Path("pricefeeds.ini"))
    ap.add_argument("-o", "--output", type=Path,
                    default=Path(f"sell_prices_{date.today():%Y%m%d}.csv"))
    ap.add_argument("--supplier", action="append", help="only these suppliers")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    rows = build_sheet(cfg, set(args.supplier) if args.supplier else None)
    if not rows:
        log.error("nothing priced")
        return 1
    write_sheet(rows, args.output)
    log.info("wrote %d rows to %s", len(rows), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
