#!/usr/bin/env python3
"""Weekly stock reorder planner for the shop, with per-category rules.

Reads the till export (sales.csv) and the current stock count (stock.csv),
projects demand for the next N weeks and writes a purchase order draft per
supplier into ./orders/.  Seasonality is expressed as small formulas in
planner.ini so the shop manager can tune them without touching the code:

    [season]
    railway = 2.4 if month == 12 else (1.6 if month in (10, 11) else 1.0)
    default = 1.0
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import math
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("reorder")


class SeasonRules:
    """Season formulas loaded from the planner config."""

    def __init__(self, path):
        self.formulas = {"default": "1.0"}
        cfg = configparser.ConfigParser()
        if cfg.read(path, encoding="utf-8") and cfg.has_section("season"):
            self.formulas.update(dict(cfg.items("season")))
            log.debug("loaded %d season rules from %s", len(self.formulas), path)
        self._cache = {}

    def factor(self, month, category):
        key = (month, category)
        if key not in self._cache:
            expr = self.formulas.get(category, self.formulas["default"])
            scope = {"month": month, "category": category, "math": math,
                     "min": min, "max": max, "round": round}
            try:
                self._cache[key] = float(eval(expr, {"__builtins__": {}}, scope))
            except Exception as exc:
                log.warning("bad rule for %s (%s); using 1.0", category, exc)
                self._cache[key] = 1.0
        return self._cache[key]


def read_sales(path, weeks_back):
    cutoff = dt.date.today() - dt.timedelta(weeks=weeks_back)
    totals = defaultdict(int)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                day = dt.date.fromisoformat(row["date"])
            except (KeyError, ValueError):
                continue
            if day >= cutoff:
                totals[row["sku"]] += int(row.get("qty", 0) or 0)
    return {sku: qty / weeks_back for sku, qty in totals.items()}


def read_stock(path):
    items = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            items[row["sku"]] = {
                "name": row.get("name", ""),
                "supplier": row.get("supplier", "UNKNOWN"),
                "category": row.get("category", "general").lower(),
                "on_hand": int(row.get("on_hand", 0) or 0),
                "pack": max(1, int(row.get("pack_size", 1) or 1)),
                "min": int(row.get("min_stock", 0) or 0),
            }
    return items


def plan(sales_rate, stock, horizon_weeks, rules):
    month = (dt.date.today() + dt.timedelta(weeks=horizon_weeks // 2)).month
    orders = defaultdict(list)
    for sku, item in stock.items():
        weekly = sales_rate.get(sku, 0.0)
        factor = rules.factor(month, item["category"])
        need = weekly * horizon_weeks * factor + item["min"] - item["on_hand"]
        if need <= 0:
            continue
        packs = -(-int(round(need)) // item["pack"])
        orders[item["supplier"]].append(
            (sku, item["name"], packs * item["pack"], round(factor, 2)))
    return orders


def write_orders(orders, outdir):
    outdir.mkdir(exist_ok=True)
    stamp = dt.date.today().strftime("%Y%m%d")
    for supplier, lines in sorted(orders.items()):
        target = outdir / f"PO_{supplier}_{stamp}.csv"
        with open(target, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["sku", "description", "qty", "season_factor"])
            w.writerows(sorted(lines))
        log.info("%s: %d lines -> %s", supplier, len(lines), target)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sales", default="sales.csv")
    ap.add_argument("--stock", default="stock.csv")
    ap.add_argument("--config", default="planner.ini")
    ap.add_argument("--weeks-back", type=int, default=8)
    ap.add_argument("--horizon", type=int, default=4)
    ap.add_argument("--out", default="orders")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    rules = SeasonRules(args.config)
    try:
        rate = read_sales(args.sales, args.weeks_back)
        stock = read_stock(args.stock)
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc.filename)
        return 2
    orders = plan(rate, stock, args.horizon, rules)
    if not orders:
        log.info("nothing to reorder")
        return 0
    write_orders(orders, Path(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
