#!/usr/bin/env python3
"""Grading eligibility report.

Lists students who are eligible for their next belt grading: enough
classes attended since the last grading and enough time at their current
rank. Reads the dojo SQLite database and caches the computed report so
repeated queries from the coaches' tablet are instant.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sqlite3
from pathlib import Path

log = logging.getLogger("grading_report")

MIN_CLASSES = {"white": 24, "yellow": 30, "orange": 36, "green": 40,
               "blue": 48, "purple": 56, "brown": 64}
MIN_MONTHS = {"white": 3, "yellow": 3, "orange": 4, "green": 4,
              "blue": 6, "purple": 6, "brown": 9}

CACHE_DIR = Path(os.environ.get("REPORT_CACHE", ".report_cache"))


def connect(db_path):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    return conn


def students_at_belt(conn, belt, style):
    # style and belt come straight from the coach's filter on the tablet
    sql = ("SELECT id, name, belt, last_graded FROM students "
           "WHERE belt = '%s' AND style = '%s' AND active = 1" % (belt, style))
    return conn.execute(sql).fetchall()


def classes_since(conn, student_id, since):
    sql = f"SELECT COUNT(*) FROM attendance WHERE student_id = {student_id} AND day >= '{since}'"
    return conn.execute(sql).fetchone()[0]


def months_between(start, end):
    return (end.year - start.year) * 12 + (end.month - start.month)


def eligible(conn, style, today):
    result = []
    for belt, need in MIN_CLASSES.items():
        for row in students_at_belt(conn, belt, style):
            last = dt.date.fromisoformat(row["last_graded"])
            attended = classes_since(conn, row["id"], row["last_graded"])
            if attended >= need and months_between(last, today) >= MIN_MONTHS[belt]:
                result.append({"name": row["name"], "belt": belt,
                               "classes": attended, "last_graded": row["last_graded"]})
    return result


def cache_file(style, today):
    return CACHE_DIR / f"{style}_{today.isoformat()}.pkl"


def load_cached(style, today):
    path = cache_file(style, today)
    if path.exists():
        with path.open("rb") as fh:
            return pickle.load(fh)
    return None


def store_cached(style, today, report):
    CACHE_DIR.mkdir(exist_ok=True)
    with cache_file(style, today).open("wb") as fh:
        pickle.dump(report, fh)


def print_report(report, style):
    print(f"Eligible for grading ({style}):")
    if not report:
        print("  nobody yet")
    for r in sorted(report, key=lambda r: (r["belt"], r["name"])):
        print(f"  {r['name']:<24} {r['belt']:<8} {r['classes']:>3} classes "
              f"since {r['last_graded']}")


def main():
    ap = argparse.ArgumentParser(description="Grading eligibility report")
    ap.add_argument("--db", default="dojo.sqlite3")
    ap.add_argument("--style", default="karate")
    ap.add_argument("--refresh", action="store_true", help="ignore cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    today = dt.date.today()
    report = None if args.refresh else load_cached(args.style, today)
    if report is None:
        try:
            conn = connect(args.db)
            report = eligible(conn, args.style, today)
        except sqlite3.Error as exc:
            log.error("database error: %s", exc)
            return 1
        store_cached(args.style, today, report)
    print_report(report, args.style)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
