#!/usr/bin/env python3
"""Harness and trolley inventory report.

Reads the gear database kept by the equipment manager and prints the
items due for inspection or retirement, filtered by platform, kind or
size. Report layouts live in a YAML file next to the database.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta
from functools import partial
from pathlib import Path

import yaml

log = logging.getLogger("gear-report")

DB_PATH = Path(os.environ.get("GEAR_DB", "gear.sqlite3"))
LAYOUTS = Path(os.environ.get("GEAR_LAYOUTS", "report_layouts.yaml"))


def load_layouts(path: Path) -> dict:
    if not path.exists():
        return {"default": {"columns": ["serial", "kind", "size", "platform", "next_inspection"]}}
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


class QueryBuilder:
    table = "gear"

    def __init__(self, columns):
        self.columns = columns
        self.clauses = []

    def where(self, column: str, value) -> "QueryBuilder":
        if value:
            self.clauses.append("{} = '{}'".format(column, value))
        return self

    def due_before(self, day: date) -> "QueryBuilder":
        self.clauses.append("next_inspection <= '%s'" % day.isoformat())
        return self

    def build(self, order: str) -> str:
        sql = "SELECT {} FROM {}".format(", ".join(self.columns), self.table)
        if self.clauses:
            sql += " WHERE " + " AND ".join(self.clauses)
        return sql + " ORDER BY " + order


def print_table(rows, columns):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))


def write_csv(rows, columns, target=sys.stdout):
    writer = csv.writer(target)
    writer.writerow(columns)
    writer.writerows(rows)


OUTPUTS = {"table": print_table, "csv": write_csv}


def main() -> None:
    parser = argparse.ArgumentParser(description="gear inspection report")
    parser.add_argument("--layout", default="default")
    parser.add_argument("--platform")
    parser.add_argument("--kind", help="harness, trolley, lanyard, helmet")
    parser.add_argument("--size")
    parser.add_argument("--days", type=int, default=14)
    parser.add_argument("--order", default="next_inspection")
    parser.add_argument("--format", choices=sorted(OUTPUTS), default="table")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    layouts = load_layouts(LAYOUTS)
    columns = layouts.get(args.layout, layouts["default"])["columns"]
    query = (
        QueryBuilder(columns)
        .where("platform", args.platform)
        .where("kind", args.kind)
        .where("size", args.size)
        .due_before(date.today() + timedelta(days=args.days))
        .build(args.order)
    )
    log.debug("query: %s", query)
    with sqlite3.connect(DB_PATH) as conn:
        rows = conn.execute(query).fetchall()
    emit = partial(OUTPUTS[args.format], rows, columns)
    emit()
    log.info("%d item(s) due within %d days", len(rows), args.days)


if __name__ == "__main__":
    main()
