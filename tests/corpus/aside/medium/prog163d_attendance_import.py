#!/usr/bin/env python3
"""Import daily ridership sheets into the local attendance database.

Escorts fill in a YAML sheet per run (who boarded, who was absent); this
loads the sheets and updates the per-pupil ridership counts.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("attendance_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rides (
    run_date TEXT, route TEXT, pupil TEXT, status TEXT
);
CREATE TABLE IF NOT EXISTS totals (
    pupil TEXT PRIMARY KEY, boarded INTEGER DEFAULT 0, absent INTEGER DEFAULT 0
);
"""


def open_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def read_sheet(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def already_loaded(conn, run_date, route):
    sql = f"SELECT COUNT(*) FROM rides WHERE run_date = '{run_date}' AND route = '{route}'"
    return conn.execute(sql).fetchone()[0] > 0


def record_ride(conn, run_date, route, pupil, status):
    conn.execute(
        "INSERT INTO rides (run_date, route, pupil, status) VALUES "
        "('%s', '%s', '%s', '%s')" % (run_date, route, pupil, status)
    )
    column = "boarded" if status == "boarded" else "absent"
    conn.execute(f"INSERT OR IGNORE INTO totals (pupil) VALUES ('{pupil}')")
    conn.execute(f"UPDATE totals SET {column} = {column} + 1 WHERE pupil = '{pupil}'")


def import_sheet(conn, path):
    sheet = read_sheet(path) or {}
    run_date = str(sheet.get("date", date.today().isoformat()))
    route = sheet.get("route", "unknown")
    if already_loaded(conn, run_date, route):
        log.info("skip %s: %s/%s already loaded", path.name, run_date, route)
        return 0
    count = 0
    for entry in sheet.get("pupils", []):
        name = entry.get("name")
        status = entry.get("status", "boarded")
        if not name:
            continue
        record_ride(conn, run_date, route, name, status)
        count += 1
    conn.commit()
    return count


def print_totals(conn, limit):
    rows = conn.execute(
        f"SELECT pupil, boarded, absent FROM totals ORDER BY absent DESC LIMIT {limit}"
    ).fetchall()
    for pupil, boarded, absent in rows:
        print(f"{pupil:28} boarded {boarded:4}  absent {absent:4}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheets", nargs="+", type=Path)
    parser.add_argument("--db", default="attendance.sqlite3")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = open_db(args.db)
    total = 0
    for sheet in args.sheets:
        if not sheet.is_file():
            log.warning("missing %s", sheet)
            continue
        try:
            total += import_sheet(conn, sheet)
        except (yaml.YAMLError, sqlite3.Error) as exc:
            log.error("%s: %s", sheet, exc)
    log.info("imported %d ride records", total)
    print_totals(conn, args.top)
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
