#!/usr/bin/env python3
"""Look up consignments in the shop's SQLite ledger.

Used at the counter when a consignor phones to ask how their lots did.
Reads column/filter presets from a YAML file maintained by the office.
"""
import argparse
import importlib
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("consignments")

DB_PATH = Path(os.environ.get("LEDGER_DB", "ledger/consignments.sqlite3"))
PRESETS = Path(os.environ.get("LOOKUP_PRESETS", "ledger/presets.yaml"))


@dataclass
class Query:
    table: str = "consignments"
    columns: list = field(default_factory=lambda: ["lot_no", "description", "reserve", "hammer", "status"])
    where: dict = field(default_factory=dict)
    order: str = "lot_no"

    def sql(self) -> str:
        cols = ", ".join(self.columns)
        clauses = [f"{k} = '{v}'" for k, v in self.where.items()]
        text = f"SELECT {cols} FROM {self.table}"
        if clauses:
            text += " WHERE " + " AND ".join(clauses)
        return text + f" ORDER BY {self.order}"


def load_presets(path: Path) -> dict:
    if not path.exists():
        return {}
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loa" + "der")
    with path.open() as fh:
        return getattr(yaml, "load")(fh, Loader=loader) or {}


def by_consignor(q: Query, value: str):
    q.where["consignor_name"] = value


def by_lot(q: Query, value: str):
    q.where["lot_no"] = value


def by_sale(q: Query, value: str):
    q.where["sale_code"] = value


FILTERS = {"consignor": by_consignor, "lot": by_lot, "sale": by_sale}


def render(rows, columns):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main():
    ap = argparse.ArgumentParser(description="Consignment lookup")
    ap.add_argument("--preset", help="named preset from presets.yaml")
    for name in FILTERS:
        ap.add_argument(f"--{name}")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    q = Query()
    presets = load_presets(PRESETS)
    if args.preset:
        preset = presets.get(args.preset, {})
        q.columns = preset.get("columns", q.columns)
        q.order = preset.get("order", q.order)
        q.where.update(preset.get("where", {}))

    for name, fn in FILTERS.items():
        value = getattr(args, name)
        if value:
            fn(q, value)

    statement = q.sql()
    log.debug("running: %s", statement)
    with sqlite3.connect(args.db) as conn:
        rows = conn.execute(statement).fetchall()
    render(rows, q.columns)
    log.info("%d row(s)", len(rows))


if __name__ == "__main__":
    main()
