#!/usr/bin/env python3
"""Net explosive quantity tally per magazine.

Reads the product master list and the current magazine stock sheet,
totals NEQ per magazine and hazard division, and flags magazines that
are over their licensed limit.
"""
import argparse
import collections
import csv
import hashlib
import importlib
import json
import logging
import os
import pathlib
import sys
from dataclasses import dataclass

log = logging.getLogger("neq_tally")

CACHE = pathlib.Path(".tally_cache")


@dataclass
class Product:
    code: str
    name: str
    division: str
    neq_g: float


def cache_key(*paths):
    h = hashlib.md5()
    for p in paths:
        h.update(pathlib.Path(p).read_bytes())
    return h.hexdigest()


def load_products(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return {r["code"]: Product(r["code"], r["name"], r["division"], float(r["neq_g"]))
                for r in csv.DictReader(fh)}


def tally(products, stock_path):
    totals = collections.defaultdict(lambda: collections.defaultdict(float))
    missing = set()
    with open(stock_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            prod = products.get(row["code"])
            if prod is None:
                missing.add(row["code"])
                continue
            totals[row["magazine"]][prod.division] += prod.neq_g * int(row["qty"]) / 1000.0
    if missing:
        log.warning("unknown product codes: %s", ", ".join(sorted(missing)))
    return {m: dict(d) for m, d in totals.items()}


def check_limits(totals, limits):
    for mag, by_div in sorted(totals.items()):
        total = sum(by_div.values())
        cap = limits.get(mag)
        yield mag, total, cap, (cap is not None and total > cap)


def writer_for(fmt):
    mod = importlib.import_module({"json": "json", "csv": "csv"}[fmt])
    def write_json(rows, fh):
        getattr(mod, "dump")(rows, fh, indent=2)
    def write_csv(rows, fh):
        w = mod.writer(fh)
        w.writerow(["magazine", "neq_kg", "limit_kg", "over"])
        w.writerows([[r["magazine"], r["neq_kg"], r["limit_kg"], r["over"]] for r in rows])
    return {"json": write_json, "csv": write_csv}[fmt]


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="NEQ tally per magazine")
    p.add_argument("products")
    p.add_argument("stock")
    p.add_argument("--limits", help="JSON file of magazine -> kg limit")
    p.add_argument("--out", default="neq_report.json")
    p.add_argument("--format", choices=("json", "csv"), default="json")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    CACHE.mkdir(exist_ok=True)
    key = cache_key(args.products, args.stock)
    cached = CACHE / (key + ".json")
    if cached.exists():
        totals = json.loads(cached.read_text())
        log.info("using cached tally %s", key[:8])
    else:
        totals = tally(load_products(args.products), args.stock)
        cached.write_text(json.dumps(totals))
    limits = json.loads(pathlib.Path(args.limits).read_text()) if args.limits else {}
    rows, over = [], 0
    for mag, total, cap, is_over in check_limits(totals, limits):
        rows.append({"magazine": mag, "neq_kg": round(total, 2), "limit_kg": cap, "over": is_over})
        over += is_over
        log.info("%-10s %8.2f kg%s", mag, total, "  OVER LIMIT" if is_over else "")
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer_for(args.format)(rows, fh)
    os.chmod(args.out, 0o600)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
