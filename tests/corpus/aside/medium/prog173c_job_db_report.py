#!/usr/bin/env python3
"""Weekly installation report from the jobs database.

Prints completed installs, kWp installed and outstanding snags, filtered by
installer team, postcode area or date range.
"""
import argparse
import csv
import functools
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("job-report")

DB_PATH = os.environ.get("JOBS_DB", "jobs.sqlite3")

BASE_QUERIES = {
    "installs": ("SELECT j.ref, j.postcode, j.team, j.kwp, j.completed_on "
                 "FROM jobs j WHERE j.status = 'complete'"),
    "snags": ("SELECT s.job_ref, s.raised_on, s.summary, j.team "
              "FROM snags s JOIN jobs j ON j.ref = s.job_ref "
              "WHERE s.closed_on IS NULL"),
}


def clause(column, op="="):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(value):
            if value in (None, ""):
                return ""
            return " AND %s %s '%s'" % (column, op, fn(value))
        return inner
    return wrap


@clause("j.team")
def team_filter(value):
    return value.strip()


@clause("j.postcode", "LIKE")
def area_filter(value):
    return value.upper().strip() + "%"


@clause("j.completed_on", ">=")
def since_filter(value):
    return value


FILTERS = {"team": team_filter, "area": area_filter, "since": since_filter}


def build_sql(kind, opts):
    sql = BASE_QUERIES[kind]
    for key, fn in FILTERS.items():
        if kind == "snags" and key == "since":
            continue
        sql += fn(opts.get(key))
    order = opts.get("order") or "1"
    sql += " ORDER BY {}".format(order)
    return sql


class Report:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def rows(self, kind, opts):
        sql = build_sql(kind, opts)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def summary(self, rows):
        total = sum(r["kwp"] or 0 for r in rows)
        return len(rows), round(total, 2)


def emit(rows, out):
    if not rows:
        return
    w = csv.writer(out)
    w.writerow(rows[0].keys())
    for r in rows:
        w.writerow(list(r))


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=sorted(BASE_QUERIES))
    ap.add_argument("--team")
    ap.add_argument("--area", help="postcode prefix, e.g. BS3")
    ap.add_argument("--since", default=(date.today() - timedelta(days=7)).isoformat())
    ap.add_argument("--order")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    report = Report(args.db)
    opts = {k: getattr(args, k) for k in ("team", "area", "since", "order")}
    rows = report.rows(args.kind, opts)
    emit(rows, sys.stdout)
    if args.kind == "installs":
        count, kwp = report.summary(rows)
        log.info("%d installs, %.2f kWp", count, kwp)
    else:
        log.info("%d open snags", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
