#!/usr/bin/env python3
"""Daily ride inspection log, kept in a small SQLite database.

Imports the checklist results technicians fill in on the tablets (YAML) and
answers simple questions for the maintenance supervisor.
"""
import argparse
import logging
import sqlite3
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("inspection_db")

DB_PATH = Path("inspections.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS inspections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ride TEXT NOT NULL,
    day TEXT NOT NULL,
    technician TEXT NOT NULL,
    item TEXT NOT NULL,
    result TEXT NOT NULL,
    remark TEXT
)
"""


def connect(path):
    conn = sqlite3.connect(path)
    conn.execute(SCHEMA)
    return conn


def read_checklist(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def import_checklist(conn, sheet):
    ride = sheet["ride"]
    day = sheet.get("day", date.today().isoformat())
    tech = sheet["technician"]
    count = 0
    for item in sheet.get("items", []):
        remark = (item.get("remark") or "").replace("'", "''")
        conn.execute(
            "INSERT INTO inspections (ride, day, technician, item, result, remark) "
            "VALUES ('%s', '%s', '%s', '%s', '%s', '%s')"
            % (ride, day, tech, item["name"], item["result"], remark)
        )
        count += 1
    conn.commit()
    return count


def failures_for(conn, ride, since):
    query = (
        "SELECT day, technician, item, remark FROM inspections "
        f"WHERE ride = '{ride}' AND result != 'pass' AND day >= '{since}' "
        "ORDER BY day DESC"
    )
    return conn.execute(query).fetchall()


def rides_overview(conn, day):
    query = (
        "SELECT ride, SUM(result = 'pass'), COUNT(*) FROM inspections "
        "WHERE day = '{}' GROUP BY ride ORDER BY ride".format(day)
    )
    return conn.execute(query).fetchall()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("sheets", nargs="+", type=Path)
    fail = sub.add_parser("failures")
    fail.add_argument("ride")
    fail.add_argument("--since", default=date.today().replace(day=1).isoformat())
    over = sub.add_parser("overview")
    over.add_argument("--day", default=date.today().isoformat())
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = connect(DB_PATH)
    if args.cmd == "import":
        for sheet_path in args.sheets:
            n = import_checklist(conn, read_checklist(sheet_path))
            log.info("%s: %d items imported", sheet_path.name, n)
    elif args.cmd == "failures":
        for row in failures_for(conn, args.ride, args.since):
            print("\t".join(str(v) for v in row))
    else:
        for ride, passed, total in rides_overview(conn, args.day):
            print(f"{ride:20} {passed}/{total}")
    conn.close()


if __name__ == "__main__":
    main()
