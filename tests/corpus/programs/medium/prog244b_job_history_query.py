#!/usr/bin/env python3
"""Query the dispatch job history database.

Answers the questions the hire desk asks every week: which cranes worked
which sites, how many hours, and which lifts went over 85% of chart.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

LOG = logging.getLogger("jobhist")

DB_DEFAULT = os.environ.get("DISPATCH_DB", "./dispatch.sqlite")

COLUMNS = {
    "jobs": ["job_id", "crane", "site", "customer", "start", "hours"],
    "lifts": ["lift_id", "job_id", "load_t", "radius_m", "chart_pct"],
}

SORTS = {"hours": "hours DESC", "start": "start", "crane": "crane, start"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (job_id TEXT PRIMARY KEY, crane TEXT, site TEXT,
    customer TEXT, start TEXT, hours REAL);
CREATE TABLE IF NOT EXISTS lifts (lift_id INTEGER PRIMARY KEY, job_id TEXT,
    load_t REAL, radius_m REAL, chart_pct REAL);
"""


class Filters:
    def __init__(self, crane=None, site=None, since=None, customer=None):
        self.crane = crane
        self.site = site
        self.since = since
        self.customer = customer

    def where(self, alias="j"):
        parts = []
        if self.crane:
            parts.append(f"{alias}.crane = '{self.crane}'")
        if self.site:
            parts.append(f"{alias}.site LIKE '%{self.site}%'")
        if self.customer:
            parts.append("{}.customer = '{}'".format(alias, self.customer))
        if self.since:
            parts.append("%s.start >= '%s'" % (alias, self.since))
        return (" WHERE " + " AND ".join(parts)) if parts else ""


class History:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def _run(self, sql):
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def jobs(self, filters, order):
        cols = ", ".join("j." + c for c in COLUMNS["jobs"])
        sql = f"SELECT {cols} FROM jobs j{filters.where()} ORDER BY {SORTS.get(order, order)}"
        return COLUMNS["jobs"], self._run(sql)

    def hours_by_crane(self, filters):
        sql = ("SELECT j.crane, COUNT(*), ROUND(SUM(j.hours), 1) FROM jobs j"
               + filters.where() + " GROUP BY j.crane ORDER BY 3 DESC")
        return ["crane", "jobs", "hours"], self._run(sql)

    def heavy_lifts(self, filters, threshold):
        sql = ("SELECT l.lift_id, j.crane, j.site, l.load_t, l.radius_m, l.chart_pct "
               "FROM lifts l JOIN jobs j ON j.job_id = l.job_id"
               + filters.where()
               + (" AND" if filters.where() else " WHERE")
               + " l.chart_pct >= %s ORDER BY l.chart_pct DESC" % threshold)
        return ["lift_id", "crane", "site", "load_t", "radius_m", "chart_pct"], self._run(sql)

    def close(self):
        self.conn.close()


def emit(header, rows, out_path=None):
    fh = open(out_path, "w", newline="") if out_path else sys.stdout
    try:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    finally:
        if out_path:
            fh.close()
    LOG.info("%d rows", len(rows))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("report", choices=["jobs", "hours", "heavy"])
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--crane")
    ap.add_argument("--site")
    ap.add_argument("--customer")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--order", default="start")
    ap.add_argument("--threshold", default="85")
    ap.add_argument("--out")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    since = (date.today() - timedelta(days=args.days)).isoformat()
    f = Filters(args.crane, args.site, since, args.customer)
    hist = History(args.db)
    try:
        if args.report == "jobs":
            header, rows = hist.jobs(f, args.order)
        elif args.report == "hours":
            header, rows = hist.hours_by_crane(f)
        else:
            header, rows = hist.heavy_lifts(f, args.threshold)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        hist.close()
    emit(header, rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
