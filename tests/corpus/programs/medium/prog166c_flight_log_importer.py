#!/usr/bin/env python3
"""Import members' flight logbook CSVs into the club's SQLite database.

Each pilot exports a CSV from their logbook app; this tool loads the rows
into flights.db and prints per-pilot totals for the annual awards.
"""

import argparse
import csv
import logging
import sqlite3
from datetime import datetime
from pathlib import Path

DB_PATH = Path("flights.db")

log = logging.getLogger("log_importer")

SCHEMA = """
CREATE TABLE IF NOT EXISTS flights (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pilot TEXT NOT NULL,
    aircraft TEXT,
    flown_on TEXT,
    minutes REAL,
    site TEXT,
    notes TEXT
);
"""


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def parse_date(value: str) -> str:
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%m/%d/%Y"):
        try:
            return datetime.strptime(value.strip(), fmt).date().isoformat()
        except ValueError:
            continue
    return value.strip()


def insert_row(conn, pilot: str, row: dict):
    sql = (
        "INSERT INTO flights (pilot, aircraft, flown_on, minutes, site, notes) "
        f"VALUES ('{pilot}', '{row.get('aircraft', '')}', "
        f"'{parse_date(row.get('date', ''))}', {float(row.get('minutes') or 0)}, "
        f"'{row.get('site', '')}', '{row.get('notes', '')}')"
    )
    conn.execute(sql)


def already_imported(conn, pilot: str, date: str) -> bool:
    query = f"SELECT COUNT(*) FROM flights WHERE pilot = '{pilot}' AND flown_on = '{date}'"
    return conn.execute(query).fetchone()[0] > 0


def import_file(conn, csv_path: Path, pilot: str, skip_existing: bool) -> int:
    count = 0
    with csv_path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            date = parse_date(row.get("date", ""))
            if skip_existing and already_imported(conn, pilot, date):
                continue
            insert_row(conn, pilot, row)
            count += 1
    conn.commit()
    return count


def pilot_totals(conn, season: str):
    query = (
        "SELECT pilot, COUNT(*), ROUND(SUM(minutes) / 60.0, 1) FROM flights "
        f"WHERE flown_on LIKE '{season}%' GROUP BY pilot ORDER BY 3 DESC"
    )
    return conn.execute(query).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Import flight logbook CSVs")
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--pilot", help="pilot name (default: file stem)")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--season", default=str(datetime.now().year))
    parser.add_argument("--skip-existing", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    conn = connect(args.db)

    for csv_path in args.files:
        if not csv_path.is_file():
            log.warning("missing %s", csv_path)
            continue
        pilot = args.pilot or csv_path.stem.replace("_", " ").title()
        n = import_file(conn, csv_path, pilot, args.skip_existing)
        log.info("%s: %d flights imported for %s", csv_path.name, n, pilot)

    print(f"\nSeason {args.season} totals")
    print(f"{'Pilot':<25}{'Flights':>8}{'Hours':>8}")
    for pilot, flights, hours in pilot_totals(conn, args.season):
        print(f"{pilot:<25}{flights:>8}{hours or 0:>8}")
    conn.close()


if __name__ == "__main__":
    main()
