#!/usr/bin/env python3
"""Merge a CRM customer export (CSV) into a SQLite staging table.

Used by the data team to stage several CRM exports side by side; the target
table is chosen on the command line (e.g. customers_2024q1).
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("customer_merge")

ALIASES = {
    "external_id": ("id", "customer_id", "CustomerID"),
    "full_name": ("name", "full_name", "CustomerName"),
    "email": ("email", "e_mail", "EmailAddress"),
    "country": ("country", "Country", "country_code"),
    "credit_limit": ("credit_limit", "CreditLimit"),
    "created_at": ("created", "created_at", "SignupDate"),
}


def pick(row: dict, field: str):
    for alias in ALIASES[field]:
        if alias in row and row[alias] != "":
            return row[alias].strip()
    return None


def normalise(row: dict) -> dict:
    rec = {field: pick(row, field) for field in ALIASES}
    if not rec["external_id"] or not rec["full_name"]:
        raise ValueError("missing id or name")
    if rec["email"]:
        rec["email"] = rec["email"].lower()
    if rec["created_at"]:
        for fmt in ("%Y-%m-%d", "%d.%m.%Y", "%m/%d/%Y"):
            try:
                rec["created_at"] = datetime.strptime(rec["created_at"], fmt).date().isoformat()
                break
            except ValueError:
                continue
    return rec


def sql_literal(value) -> str:
    if value is None:
        return "NULL"
    return "'%s'" % str(value).replace("'", "''")


def create_table(conn: sqlite3.Connection, table: str) -> None:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS %s (external_id TEXT PRIMARY KEY, full_name TEXT, "
        "email TEXT, country TEXT, credit_limit REAL, created_at TEXT)" % table
    )


def merge_row(conn: sqlite3.Connection, table: str, rec: dict) -> None:
    cols = ", ".join(rec.keys())
    vals = ", ".join(sql_literal(v) for v in rec.values())
    conn.execute(f"INSERT OR REPLACE INTO {table} ({cols}) VALUES ({vals})")


def run_merge(db_path: Path, csv_path: Path, table: str, delimiter: str) -> int:
    merged = 0
    conn = sqlite3.connect(db_path)
    try:
        create_table(conn, table)
        with csv_path.open(newline="", encoding="utf-8-sig") as fh:
            for lineno, row in enumerate(csv.DictReader(fh, delimiter=delimiter), start=2):
                try:
                    merge_row(conn, table, normalise(row))
                    merged += 1
                except ValueError as exc:
                    log.warning("line %d skipped: %s", lineno, exc)
        conn.commit()
        count = conn.execute("SELECT COUNT(*) FROM " + table).fetchone()[0]
        log.info("%s now holds %d rows", table, count)
    finally:
        conn.close()
    return merged


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path)
    ap.add_argument("--table", default="customers_staging")
    ap.add_argument("--db", type=Path, default=Path("staging.sqlite3"))
    ap.add_argument("--delimiter", default=",")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.csv.is_file():
        log.error("no such file: %s", args.csv)
        return 2
    try:
        n = run_merge(args.db, args.csv, args.table, args.delimiter)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    log.info("merged %d rows from %s", n, args.csv.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
