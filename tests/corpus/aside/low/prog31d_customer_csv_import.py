#!/usr/bin/env python3
"""Import a CRM customer export (CSV) into a local SQLite database.

The CSV header names differ between CRM versions, so a small alias table maps
them onto the fixed customer schema. Every statement is a constant string and
all values are bound as parameters.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("customer_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS customers (
    external_id  TEXT PRIMARY KEY,
    full_name    TEXT NOT NULL,
    email        TEXT,
    country      TEXT,
    credit_limit REAL,
    created_at   TEXT
);
CREATE INDEX IF NOT EXISTS customers_email_idx ON customers(email);
"""

UPSERT = """
INSERT INTO customers (external_id, full_name, email, country, credit_limit, created_at)
VALUES (:external_id, :full_name, :email, :country, :credit_limit, :created_at)
ON CONFLICT(external_id) DO UPDATE SET
    full_name = excluded.full_name,
    email = excluded.email,
    country = excluded.country,
    credit_limit = excluded.credit_limit
"""

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
    if rec["credit_limit"] is not None:
        rec["credit_limit"] = float(rec["credit_limit"].replace(",", "."))
    if rec["created_at"]:
        for fmt in ("%Y-%m-%d", "%d.%m.%Y", "%m/%d/%Y"):
            try:
                rec["created_at"] = datetime.strptime(rec["created_at"], fmt).date().isoformat()
                break
            except ValueError:
                continue
    return rec


def records(csv_path: Path, delimiter: str):
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh, delimiter=delimiter), start=2):
            try:
                yield normalise(row)
            except ValueError as exc:
                log.warning("line %d skipped: %s", lineno, exc)


def run_import(db_path: Path, csv_path: Path, batch: int, delimiter: str) -> int:
    total = 0
    with sqlite3.connect(db_path) as conn:
        conn.executescript(SCHEMA)
        pending = []
        for rec in records(csv_path, delimiter):
            pending.append(rec)
            if len(pending) >= batch:
                conn.executemany(UPSERT, pending)
                total += len(pending)
                pending.clear()
                log.debug("committed %d rows so far", total)
        if pending:
            conn.executemany(UPSERT, pending)
            total += len(pending)
        (count,) = conn.execute("SELECT COUNT(*) FROM customers").fetchone()
        log.info("customers table now holds %d rows", count)
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path, help="CRM export file")
    ap.add_argument("--db", type=Path, default=Path("crm.sqlite3"))
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--delimiter", default=",")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.csv.is_file():
        log.error("no such file: %s", args.csv)
        return 2
    try:
        n = run_import(args.db, args.csv, args.batch, args.delimiter)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    log.info("processed %d rows from %s", n, args.csv.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
