#!/usr/bin/env python3
"""Query the fleece weight log kept by the wool classer.

The classer records each fleece (shed, run, shearer, weight, line) into a
local SQLite file. This tool answers the usual questions at smoko: average
fleece weight per shearer, heaviest fleeces, totals by wool line.
"""
import argparse
import logging
import sqlite3
import sys
from functools import partial

log = logging.getLogger("fleece")

TABLE = "fleeces"
COLS = {"shearer": "shearer", "line": "wool_line", "run": "run_no", "shed": "shed"}


def _where(filters):
    parts = []
    for key, value in filters.items():
        if value is None:
            continue
        parts.append(f"{COLS[key]} = '{value}'")
    return (" WHERE " + " AND ".join(parts)) if parts else ""


def q_average(filters, limit):
    return (f"SELECT shearer, COUNT(*), ROUND(AVG(weight_kg), 2) FROM {TABLE}"
            f"{_where(filters)} GROUP BY shearer ORDER BY 3 DESC LIMIT {limit}")


def q_heaviest(filters, limit):
    return (f"SELECT shearer, run_no, wool_line, weight_kg FROM {TABLE}"
            f"{_where(filters)} ORDER BY weight_kg DESC LIMIT {limit}")


def q_lines(filters, limit):
    return (f"SELECT wool_line, COUNT(*), ROUND(SUM(weight_kg), 1) FROM {TABLE}"
            f"{_where(filters)} GROUP BY wool_line ORDER BY 3 DESC LIMIT {limit}")


REPORTS = {"average": q_average, "heaviest": q_heaviest, "lines": q_lines}


def run_report(conn, name, filters, limit):
    builder = REPORTS[name]
    sql = builder(filters, limit)
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def print_rows(rows, width=14):
    for row in rows:
        print("  ".join(str(c).ljust(width) for c in row))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("report", choices=sorted(REPORTS))
    ap.add_argument("--db", default="./fleece_log.sqlite")
    ap.add_argument("--shearer")
    ap.add_argument("--line")
    ap.add_argument("--run")
    ap.add_argument("--shed")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    filters = {k: getattr(args, k) for k in COLS}
    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    report = partial(run_report, conn)
    try:
        rows = report(args.report, filters, args.limit)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()
    if not rows:
        print("no fleeces match")
    else:
        print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
