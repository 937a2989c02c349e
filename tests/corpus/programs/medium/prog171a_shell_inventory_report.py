#!/usr/bin/env python3
"""Reports magazine stock of shells and cakes per storage site.

Reads the site list from a YAML config and queries the inventory
database kept by the warehouse team.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("inventory")

DEFAULT_CONFIG = Path("inventory.yaml")


@dataclass
class Filter:
    site: str
    category: str = ""
    min_calibre: int = 0

    def where(self):
        parts = [f"site = '{self.site}'"]
        if self.category:
            parts.append(f"category = '{self.category}'")
        if self.min_calibre:
            parts.append(f"calibre_mm >= {self.min_calibre}")
        return " AND ".join(parts)


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        loader = getattr(yaml, "Loader")
        return yaml.load(fh, Loader=loader)


QUERIES = {
    "stock": "SELECT item, category, calibre_mm, SUM(qty) AS qty FROM stock "
             "WHERE {where} GROUP BY item, category, calibre_mm ORDER BY calibre_mm",
    "nec": "SELECT category, SUM(qty * nec_grams) / 1000.0 AS nec_kg FROM stock "
           "WHERE {where} GROUP BY category",
    "expiring": "SELECT item, lot, expires FROM stock WHERE {where} "
                "AND expires < date('now', '+{days} days') ORDER BY expires",
}


class Inventory:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def run(self, kind, flt, **extra):
        sql = QUERIES[kind].format(where=flt.where(), **extra)
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]


def write_table(rows, out):
    if not rows:
        out.write("(no rows)\n")
        return
    w = csv.DictWriter(out, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description="magazine stock report")
    ap.add_argument("report", choices=sorted(QUERIES))
    ap.add_argument("--site")
    ap.add_argument("--category", default="")
    ap.add_argument("--min-calibre", type=int, default=0)
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config) or {}
    sites = [args.site] if args.site else cfg.get("sites", [])
    inv = Inventory(cfg.get("database", "inventory.db"))

    for site in sites:
        flt = Filter(site, args.category, args.min_calibre)
        rows = inv.run(args.report, flt, days=args.days)
        sys.stdout.write(f"# {site}\n")
        write_table(rows, sys.stdout)


if __name__ == "__main__":
    main()
