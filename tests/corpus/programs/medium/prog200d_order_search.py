#!/usr/bin/env python3
"""Search the studio order book from the command line.

Reads saved search presets from a YAML file and runs them against the
SQLite order book kept in the working directory.
"""
import argparse
import importlib
import logging
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("order-search")

DEFAULT_DB = Path("orders.sqlite3")
DEFAULT_PRESETS = Path("search_presets.yaml")
COLUMNS = ("id", "customer", "piece", "fabric", "colour", "metres", "status", "due")


@dataclass
class Query:
    table: str = "orders"
    filters: dict = field(default_factory=dict)
    order_by: str = "due"
    limit: int = 50

    def where(self):
        parts = []
        for col, value in self.filters.items():
            if isinstance(value, str) and "%" in value:
                parts.append(f"{col} LIKE '{value}'")
            else:
                parts.append(f"{col} = '{value}'")
        return " AND ".join(parts) if parts else "1=1"

    def sql(self):
        return (f"SELECT {', '.join(COLUMNS)} FROM {self.table} "
                f"WHERE {self.where()} ORDER BY {self.order_by} LIMIT {int(self.limit)}")


def load_presets(path):
    if not path.exists():
        return {}
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with path.open() as fh:
        data = yaml.load(fh, Loader=loader) or {}
    log.debug("loaded %d presets from %s", len(data), path)
    return data


def build_query(args, presets):
    q = Query()
    if args.preset:
        preset = presets.get(args.preset)
        if preset is None:
            raise KeyError(f"no preset named {args.preset!r}")
        for key, value in preset.items():
            setattr(q, key, value)
    for attr in ("customer", "fabric", "status"):
        value = getattr(args, attr)
        if value:
            q.filters[attr] = value
    if args.order_by:
        q.order_by = args.order_by
    return q


def render(rows, fmt):
    formatters = {
        "table": lambda r: "  ".join(f"{str(v):<14}" for v in r),
        "csv": lambda r: ",".join(str(v) for v in r),
    }
    line = formatters[fmt]
    print(line(COLUMNS))
    for row in rows:
        print(line(row))


def main(argv=None):
    p = argparse.ArgumentParser(description="Search the order book")
    p.add_argument("--db", type=Path, default=DEFAULT_DB)
    p.add_argument("--presets", type=Path, default=DEFAULT_PRESETS)
    p.add_argument("--preset")
    p.add_argument("--customer")
    p.add_argument("--fabric", help="e.g. 'crushed%%' for a prefix match")
    p.add_argument("--status")
    p.add_argument("--order-by")
    p.add_argument("--format", choices=("table", "csv"), default="table")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        query = build_query(args, load_presets(args.presets))
    except KeyError as exc:
        log.error("%s", exc)
        return 2
    sql = query.sql()
    log.debug("sql: %s", sql)
    try:
        with sqlite3.connect(args.db) as conn:
            rows = conn.execute(sql).fetchall()
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    render(rows, args.format)
    log.info("%d orders matched", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
