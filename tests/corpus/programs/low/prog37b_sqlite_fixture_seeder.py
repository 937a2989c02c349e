#!/usr/bin/env python3
"""Seed the local development SQLite database (./dev/warehouse.db) from the
JSON fixtures in ./fixtures.  Binary attachments are stored base64-encoded,
and an MD5 checksum of each fixture file is used to skip unchanged files.
"""
import argparse
import base64
import hashlib
import json
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

LOG = logging.getLogger("seed")

SCHEMA = """
CREATE TABLE IF NOT EXISTS customers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    country TEXT,
    signup_date TEXT
);
CREATE TABLE IF NOT EXISTS invoices (
    id INTEGER PRIMARY KEY,
    customer_id INTEGER REFERENCES customers(id),
    amount_cents INTEGER NOT NULL,
    issued_at TEXT,
    pdf_b64 TEXT
);
CREATE TABLE IF NOT EXISTS _seed_state (
    fixture TEXT PRIMARY KEY,
    checksum TEXT NOT NULL
);
"""

INSERT_CUSTOMER = "INSERT OR REPLACE INTO customers (id, name, country, signup_date) VALUES (?, ?, ?, ?)"
INSERT_INVOICE = (
    "INSERT OR REPLACE INTO invoices (id, customer_id, amount_cents, issued_at, pdf_b64) "
    "VALUES (?, ?, ?, ?, ?)"
)
SELECT_STATE = "SELECT checksum FROM _seed_state WHERE fixture = ?"
UPSERT_STATE = "INSERT OR REPLACE INTO _seed_state (fixture, checksum) VALUES (?, ?)"


def file_checksum(path: Path) -> str:
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def encode_attachment(fixtures_dir: Path, rel: str | None) -> str | None:
    if not rel:
        return None
    blob_path = fixtures_dir / "attachments" / rel
    if not blob_path.is_file():
        LOG.warning("attachment %s missing, storing NULL", blob_path)
        return None
    return base64.b64encode(blob_path.read_bytes()).decode("ascii")


def seed_customers(conn, records):
    rows = [(r["id"], r["name"], r.get("country"), r.get("signup_date")) for r in records]
    conn.executemany(INSERT_CUSTOMER, rows)
    return len(rows)


def seed_invoices(conn, records, fixtures_dir):
    rows = []
    for r in records:
        rows.append(
            (
                r["id"],
                r["customer_id"],
                int(round(float(r["amount"]) * 100)),
                r.get("issued_at"),
                encode_attachment(fixtures_dir, r.get("pdf")),
            )
        )
    conn.executemany(INSERT_INVOICE, rows)
    return len(rows)


HANDLERS = {
    "customers.json": lambda conn, recs, d: seed_customers(conn, recs),
    "invoices.json": seed_invoices,
}


def run(db_path: Path, fixtures_dir: Path, force: bool) -> int:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    total = 0
    with closing(sqlite3.connect(db_path)) as conn:
        conn.executescript(SCHEMA)
        for name, handler in HANDLERS.items():
            path = fixtures_dir / name
            if not path.exists():
                LOG.info("fixture %s not present, skipping", name)
                continue
            checksum = file_checksum(path)
            row = conn.execute(SELECT_STATE, (name,)).fetchone()
            if row and row[0] == checksum and not force:
                LOG.info("%s unchanged (%s), skipping", name, checksum[:8])
                continue
            records = json.loads(path.read_text(encoding="utf-8"))
            with conn:
                count = handler(conn, records, fixtures_dir)
                conn.execute(UPSERT_STATE, (name, checksum))
            LOG.info("seeded %d rows from %s", count, name)
            total += count
    return total


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", type=Path, default=Path("dev/warehouse.db"))
    parser.add_argument("--fixtures", type=Path, default=Path("fixtures"))
    parser.add_argument("--force", action="store_true", help="re-seed even if unchanged")
    parser.add_argument("--reset", action="store_true", help="delete the dev database first")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.reset and args.db.exists():
        LOG.info("removing %s", args.db)
        args.db.unlink()
    try:
        total = run(args.db, args.fixtures, args.force)
    except (sqlite3.DatabaseError, json.JSONDecodeError, KeyError) as exc:
        LOG.error("seeding failed: %s", exc)
        return 1
    LOG.info("done, %d rows written", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
