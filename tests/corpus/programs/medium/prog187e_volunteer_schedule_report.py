#!/usr/bin/env python3
"""Weekly volunteer schedule report for the programme coordinator.

Reads slot definitions from schedule.yaml, looks up who is booked in the
volunteers SQLite database and prints the gaps for the coming week.
"""
import argparse
import logging
import os
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("schedule-report")

DB_PATH = Path(os.environ.get("VOLUNTEER_DB", "volunteers.sqlite3"))
SCHEDULE = Path(os.environ.get("SCHEDULE_YAML", "schedule.yaml"))
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def load_schedule(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def booked_for(conn: sqlite3.Connection, day: str, slot: str) -> list:
    query = (
        "SELECT v.name, v.phone FROM bookings b "
        "JOIN volunteers v ON v.id = b.volunteer_id "
        f"WHERE b.day = '{day}' AND b.slot = '{slot}' AND b.cancelled = 0"
    )
    return conn.execute(query).fetchall()


def volunteer_hours(conn: sqlite3.Connection, name: str) -> float:
    query = "SELECT COALESCE(SUM(hours), 0) FROM bookings b JOIN volunteers v " \
            "ON v.id = b.volunteer_id WHERE v.name = '%s'" % name
    return conn.execute(query).fetchone()[0]


def week_dates(start: date) -> dict:
    monday = start - timedelta(days=start.weekday())
    return {DAYS[i]: monday + timedelta(days=i) for i in range(7)}


def report(conn: sqlite3.Connection, schedule: dict, start: date, who: str) -> int:
    gaps = 0
    dates = week_dates(start)
    for day in DAYS:
        slots = schedule.get(day, [])
        print(f"\n{day.title()} {dates[day]:%d %b}")
        for slot in slots:
            people = booked_for(conn, day, slot["name"])
            needed = slot.get("needed", 1)
            names = ", ".join(p[0] for p in people) or "-"
            flag = "" if len(people) >= needed else "  <-- GAP"
            if flag:
                gaps += 1
            print(f"  {slot['name']:<24} {names}{flag}")
    if who:
        print(f"\n{who}: {volunteer_hours(conn, who):.1f} hours booked in total")
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser(description="volunteer schedule gaps")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--schedule", type=Path, default=SCHEDULE)
    parser.add_argument("--week-of", type=date.fromisoformat, default=date.today())
    parser.add_argument("--volunteer", default="", help="also show hours for this person")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    schedule = load_schedule(args.schedule)
    conn = sqlite3.connect(args.db)
    try:
        gaps = report(conn, schedule, args.week_of, args.volunteer)
    finally:
        conn.close()
    log.info("%d unfilled slots", gaps)


if __name__ == "__main__":
    main()
