#!/usr/bin/env python3
"""Builds the daily ride-count report from the turnstile database."""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

DB_PATH = Path("turnstiles.db")

log = logging.getLogger("ride-report")


def open_db(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.execute(
        "CREATE TABLE IF NOT EXISTS passages ("
        " id INTEGER PRIMARY KEY, station TEXT, gate TEXT,"
        " ticket_type TEXT, passed_at TEXT)"
    )
    return conn


def rides_by_station(conn, day: str, station: str | None):
    query = (
        "SELECT station, ticket_type, COUNT(*) AS rides FROM passages "
        f"WHERE date(passed_at) = '{day}'"
    )
    if station:
        query += f" AND station = '{station}'"
    query += " GROUP BY station, ticket_type ORDER BY station, ticket_type"
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def busiest_hour(conn, day: str, station: str):
    query = (
        "SELECT strftime('%H', passed_at) AS hour, COUNT(*) AS rides FROM passages "
        "WHERE date(passed_at) = '{}' AND station = '{}' "
        "GROUP BY hour ORDER BY rides DESC LIMIT 1"
    ).format(day, station)
    row = conn.execute(query).fetchone()
    return (row["hour"], row["rides"]) if row else (None, 0)


def write_csv(rows, out: Path):
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["station", "ticket_type", "rides"])
        for row in rows:
            writer.writerow([row["station"], row["ticket_type"], row["rides"]])
    log.info("wrote %s", out)


def print_table(rows):
    print(f"{'station':<12}{'ticket':<14}{'rides':>8}")
    total = 0
    for row in rows:
        print(f"{row['station']:<12}{row['ticket_type']:<14}{row['rides']:>8}")
        total += row["rides"]
    print(f"{'total':<26}{total:>8}")


def parse_day(value: str) -> str:
    if value == "yesterday":
        return (date.today() - timedelta(days=1)).isoformat()
    if value == "today":
        return date.today().isoformat()
    return datetime.strptime(value, "%Y-%m-%d").date().isoformat()


def main() -> int:
    parser = argparse.ArgumentParser(description="Daily ride counts")
    parser.add_argument("--day", default="yesterday")
    parser.add_argument("--station", help="valley, middle or summit")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--csv", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    day = parse_day(args.day)
    conn = open_db(args.db)
    rows = rides_by_station(conn, day, args.station)
    if not rows:
        print(f"no passages recorded on {day}")
        return 0
    print_table(rows)
    for station in sorted({row["station"] for row in rows}):
        hour, rides = busiest_hour(conn, day, station)
        print(f"busiest hour at {station}: {hour}:00 ({rides} rides)")
    if args.csv:
        write_csv(rows, args.csv)
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
