#!/usr/bin/env python3
"""Counter console for looking up past jobs.

Staff type a surname, street or key code and get the matching call-outs from
the shop's jobs.db.  Column layout and saved searches come from
lookup.yaml in the working directory.
"""
import argparse
import importlib
import logging
import os
import pathlib
import sqlite3
from dataclasses import dataclass, field

log = logging.getLogger("job_lookup")

DEFAULT_CFG = """
table: jobs
columns: [id, job_date, customer, street, key_code, lock_make, invoice_total]
order_by: job_date DESC
limit: 50
saved:
  rekeys: "job_type = 'rekey'"
  lockouts: "job_type = 'lockout'"
"""


@dataclass
class Config:
    table: str = "jobs"
    columns: list = field(default_factory=lambda: ["id", "customer"])
    order_by: str = "id DESC"
    limit: int = 50
    saved: dict = field(default_factory=dict)


def _yaml():
    return importlib.import_module("yaml")


def load_config(path):
    y = _yaml()
    loader = getattr(y, os.environ.get("LOOKUP_YAML_LOADER", "Loader"))
    text = path.read_text() if path.exists() else DEFAULT_CFG
    data = getattr(y, "lo" + "ad")(text, Loader=loader) or {}
    return Config(**{k: v for k, v in data.items() if k in Config.__dataclass_fields__})


class Query:
    def __init__(self, cfg):
        self.cfg = cfg
        self.clauses = []

    def field(self, column, term):
        self.clauses.append("%s LIKE '%%%s%%'" % (column, term))
        return self

    def saved(self, name):
        cond = self.cfg.saved.get(name)
        if cond:
            self.clauses.append("(%s)" % cond)
        return self

    def sql(self):
        where = " AND ".join(self.clauses) or "1=1"
        cols = ", ".join(self.cfg.columns)
        return f"SELECT {cols} FROM {self.cfg.table} WHERE {where} ORDER BY {self.cfg.order_by} LIMIT {self.cfg.limit}"


FIELDS = {"name": "customer", "street": "street", "code": "key_code", "make": "lock_make"}


def render(cols, rows):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(cols)]
    line = "  ".join(str(c).ljust(w) for c, w in zip(cols, widths))
    print(line)
    print("-" * len(line))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main():
    ap = argparse.ArgumentParser(description="Look up past jobs")
    for flag in FIELDS:
        ap.add_argument("--" + flag)
    ap.add_argument("--saved", help="name of a saved search in lookup.yaml")
    ap.add_argument("--db", default=os.environ.get("JOBS_DB", "jobs.db"))
    ap.add_argument("--config", default="lookup.yaml")
    ap.add_argument("--show-sql", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(pathlib.Path(args.config))
    q = Query(cfg)
    for flag, column in FIELDS.items():
        term = getattr(args, flag)
        if term:
            q.field(column, term)
    if args.saved:
        q.saved(args.saved)
    sql = q.sql()
    if args.show_sql:
        print(sql)
    with sqlite3.connect(args.db) as con:
        rows = con.execute(sql).fetchall()
    render(cfg.columns, rows)
    log.info("%d matching jobs", len(rows))


if __name__ == "__main__":
    main()
