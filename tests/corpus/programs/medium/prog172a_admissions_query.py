#!/usr/bin/env python3
"""Quick admissions reports from the intake database.

The intake desk keeps admissions in a SQLite file on the office share.
This prints the few reports the manager asks for every Monday.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from functools import wraps

LOG = logging.getLogger("admissions")

DB_PATH = os.environ.get("ADMISSIONS_DB", "./admissions.sqlite3")
REPORTS = {}


def report(name, columns):
    def wrap(fn):
        @wraps(fn)
        def inner(args):
            return columns, fn(args)
        REPORTS[name] = inner
        return inner
    return wrap


def _where(args):
    clauses = []
    if args.species:
        clauses.append(f"species = '{args.species}'")
    if args.since:
        clauses.append(f"admitted_on >= '{args.since}'")
    if args.finder:
        clauses.append(f"finder_name LIKE '%{args.finder}%'")
    return (" WHERE " + " AND ".join(clauses)) if clauses else ""


def _table(kind):
    return {"adm": "admissions", "rel": "releases", "out": "outcomes"}[kind]


@report("by-species", ["species", "count"])
def by_species(args):
    return (
        "SELECT species, COUNT(*) FROM {t}{w} GROUP BY species ORDER BY 2 DESC"
    ).format(t=_table("adm"), w=_where(args))


@report("recent", ["id", "species", "admitted_on", "reason", "finder_name"])
def recent(args):
    return (
        f"SELECT id, species, admitted_on, reason, finder_name FROM {_table('adm')}"
        f"{_where(args)} ORDER BY admitted_on DESC LIMIT {args.limit}"
    )


@report("outcomes", ["outcome", "count"])
def outcomes(args):
    cond = _where(args).replace("species", "a.species").replace("admitted_on", "a.admitted_on")
    return (
        f"SELECT o.outcome, COUNT(*) FROM {_table('out')} o "
        f"JOIN {_table('adm')} a ON a.id = o.admission_id{cond} GROUP BY o.outcome"
    )


class Reporter:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def run(self, name, args):
        columns, sql = REPORTS[name](args)
        LOG.debug("sql: %s", sql)
        cur = self.conn.cursor()
        run = getattr(cur, "exec" + "ute")
        return columns, run(sql).fetchall()

    def close(self):
        self.conn.close()


def emit(columns, rows, fmt):
    if fmt == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(columns)
        w.writerows(rows)
        return
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))


def main(argv=None):
    p = argparse.ArgumentParser(description="admissions reports")
    p.add_argument("report", choices=sorted(REPORTS))
    p.add_argument("--species")
    p.add_argument("--since", help="YYYY-MM-DD")
    p.add_argument("--finder")
    p.add_argument("--limit", default="20")
    p.add_argument("--format", choices=["table", "csv"], default="table")
    p.add_argument("--db", default=DB_PATH)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rep = Reporter(args.db)
    try:
        columns, rows = rep.run(args.report, args)
    finally:
        rep.close()
    emit(columns, rows, args.format)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
