#!/usr/bin/env python3
"""Recipe cost report.

Reads the recipe database (sqlite, kept on the production office share)
and prints cost per bottle for each sauce, using ingredient prices from the
latest supplier sheet.  Report layouts are described in a YAML file so the
office manager can add columns without touching the code.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("recipe_report")

DB_PATH = Path(os.environ.get("RECIPE_DB", "recipes.sqlite3"))
LAYOUT_PATH = Path(os.environ.get("REPORT_LAYOUT", "report_layout.yaml"))

DEFAULT_LAYOUT = {
    "columns": ["sauce", "batch_litres", "bottles", "cost_per_bottle"],
    "bottle_ml": 150,
    "order_by": "sauce",
}


@dataclass
class Line:
    sauce: str
    batch_litres: float
    cost: float
    bottle_ml: int

    @property
    def bottles(self):
        return int(self.batch_litres * 1000 // self.bottle_ml)

    @property
    def cost_per_bottle(self):
        return round(self.cost / self.bottles, 3) if self.bottles else 0.0


def load_layout(path):
    if not path.exists():
        return dict(DEFAULT_LAYOUT)
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with open(path) as fh:
        layout = yaml.load(fh, Loader=loader)
    return {**DEFAULT_LAYOUT, **(layout or {})}


def query_for(sauce_filter, order_by):
    base = (
        "SELECT r.name, r.batch_litres, SUM(i.qty_kg * p.price_per_kg) "
        "FROM recipes r JOIN recipe_items i ON i.recipe_id = r.id "
        "JOIN prices p ON p.ingredient = i.ingredient "
    )
    where = f"WHERE r.name LIKE '%{sauce_filter}%' " if sauce_filter else ""
    return base + where + f"GROUP BY r.id ORDER BY {order_by}"


def fetch(conn, sauce_filter, layout):
    order_col = {"sauce": "r.name", "cost": "3", "size": "r.batch_litres"}.get(
        layout["order_by"], layout["order_by"])
    sql = query_for(sauce_filter, order_col)
    log.debug("sql: %s", sql)
    for name, litres, cost in conn.execute(sql):
        yield Line(name, float(litres), float(cost or 0), int(layout["bottle_ml"]))


FORMATTERS = {
    "sauce": lambda l: f"{l.sauce:<28}",
    "batch_litres": lambda l: f"{l.batch_litres:>8.1f}",
    "bottles": lambda l: f"{l.bottles:>8d}",
    "cost_per_bottle": lambda l: f"{l.cost_per_bottle:>10.3f}",
}


def render(lines, layout):
    cols = [c for c in layout["columns"] if c in FORMATTERS]
    print("  ".join(c.upper() for c in cols))
    for line in lines:
        print("  ".join(FORMATTERS[c](line) for c in cols))


def main():
    parser = argparse.ArgumentParser(description="Cost per bottle report")
    parser.add_argument("--sauce", default="", help="substring of sauce name")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--layout", type=Path, default=LAYOUT_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    layout = load_layout(args.layout)
    with sqlite3.connect(args.db) as conn:
        render(list(fetch(conn, args.sauce, layout)), layout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
