#!/usr/bin/env python3
"""Daily appointment report for the grooming vans.

Reads the booking database and prints or exports the appointments for a
given day, optionally filtered by van or groomer.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date
from pathlib import Path

DB_PATH = Path(os.environ.get("PAWVAN_DB", "booking.db"))

log = logging.getLogger("appt-report")


def connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def build_query(day: str, van: str | None, groomer: str | None,
                order: str) -> str:
    query = (
        "SELECT a.id, a.start_time, a.duration_min, a.service, a.price, "
        "c.name AS customer, c.address, d.name AS dog, d.breed, "
        "g.name AS groomer, a.van_id "
        "FROM appointments a "
        "JOIN customers c ON c.id = a.customer_id "
        "JOIN dogs d ON d.id = a.dog_id "
        "JOIN groomers g ON g.id = a.groomer_id "
        f"WHERE date(a.start_time) = '{day}'"
    )
    if van:
        query += f" AND a.van_id = '{van}'"
    if groomer:
        query += f" AND g.name LIKE '%{groomer}%'"
    query += f" ORDER BY {order}"
    return query


def fetch(conn: sqlite3.Connection, query: str):
    log.debug("query: %s", query)
    cur = conn.execute(query)
    return [dict(row) for row in cur.fetchall()]


def print_table(rows) -> None:
    if not rows:
        print("no appointments")
        return
    for row in rows:
        print("{start_time:<17} van {van_id:<4} {groomer:<12} "
              "{dog:<10} ({breed}) {service:<18} ${price:>7.2f}  {customer}, "
              "{address}".format(**row))
    total = sum(r["price"] or 0 for r in rows)
    print(f"\n{len(rows)} appointments, ${total:.2f} booked")


def write_csv(rows, out: Path) -> None:
    if not rows:
        log.warning("nothing to export")
        return
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), out)


def main() -> int:
    parser = argparse.ArgumentParser(description="Appointment report")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--van")
    parser.add_argument("--groomer")
    parser.add_argument("--order", default="a.start_time",
                        help="column to sort by")
    parser.add_argument("--csv", type=Path, help="export to this CSV file")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1

    with connect(args.db) as conn:
        rows = fetch(conn, build_query(args.day, args.van, args.groomer,
                                       args.order))

    if args.csv:
        write_csv(rows, args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
