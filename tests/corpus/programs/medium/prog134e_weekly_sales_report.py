#!/usr/bin/env python3
"""Weekly sales report per shop from the POS export database.

Head office drops the nightly POS export into sales.db. This reads the
report definition from a YAML file, runs the queries per shop and writes
a CSV for each one. Query results are cached between runs.
"""
import argparse
import csv
import logging
import os
import pickle
import sqlite3
from datetime import date, timedelta

import yaml

log = logging.getLogger("salesreport")

CACHE_FILE = "report_cache.pkl"

EXAMPLE_DEFINITION = """
shops: [LON01, LON02, BRI01]
metrics:
  - name: bouquets
    column: qty
    category: bouquet
  - name: plants
    column: qty
    category: plant
  - name: revenue
    column: total
    category: "%"
"""


def load_definition(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            return yaml.load(fh, Loader=yaml.Loader)
    return yaml.load(EXAMPLE_DEFINITION, Loader=yaml.Loader)


class ResultCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.data = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def get(self, key):
        return self.data.get(key)

    def put(self, key, value):
        self.data[key] = value

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh)


def week_bounds(ref):
    start = ref - timedelta(days=ref.weekday() + 7)
    return start, start + timedelta(days=6)


def metric_total(conn, shop, metric, start, end):
    sql = (
        f"SELECT COALESCE(SUM({metric['column']}), 0) FROM sales "
        f"WHERE shop = '{shop}' AND category LIKE '{metric['category']}' "
        f"AND sold_on BETWEEN '{start}' AND '{end}'"
    )
    return conn.execute(sql).fetchone()[0]


def build_report(conn, definition, start, end, cache):
    report = {}
    for shop in definition.get("shops", []):
        row = {}
        for metric in definition.get("metrics", []):
            key = (shop, metric["name"], str(start))
            value = cache.get(key)
            if value is None:
                value = metric_total(conn, shop, metric, start, end)
                cache.put(key, value)
            row[metric["name"]] = value
        report[shop] = row
    return report


def write_csvs(report, start, outdir):
    os.makedirs(outdir, exist_ok=True)
    for shop, row in report.items():
        path = os.path.join(outdir, f"{shop}_{start}.csv")
        with open(path, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["metric", "value"])
            for k, v in row.items():
                w.writerow([k, v])
        log.info("wrote %s", path)


def main():
    ap = argparse.ArgumentParser(description="Weekly sales report")
    ap.add_argument("--db", default="sales.db")
    ap.add_argument("--definition", help="YAML report definition")
    ap.add_argument("--out", default="reports")
    ap.add_argument("--shop", help="only this shop")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    definition = load_definition(args.definition)
    if args.shop:
        definition["shops"] = [args.shop]
    start, end = week_bounds(date.today())
    cache = ResultCache(CACHE_FILE)
    try:
        conn = sqlite3.connect(args.db)
        report = build_report(conn, definition, start, end, cache)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        cache.save()
    write_csvs(report, start, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
