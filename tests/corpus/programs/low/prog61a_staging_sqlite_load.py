"""Load CSV extracts into a local SQLite staging database.

Which extract feeds which staging table comes from staging.yml (parsed with
yaml.safe_load). The SQL itself is fixed; every value is a bound parameter,
and the database file is made private to the current user.
"""
import argparse
import csv
import logging
import os
import sqlite3
from pathlib import Path

import yaml

logger = logging.getLogger("staging_load")

SCHEMA = {
    "orders": {
        "ddl": "CREATE TABLE IF NOT EXISTS orders (order_id TEXT, customer_id TEXT, "
               "amount REAL, ordered_at TEXT, batch_id TEXT)",
        "clear": "DELETE FROM orders WHERE batch_id = ?",
        "insert": "INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
        "count": "SELECT COUNT(*) FROM orders WHERE batch_id = ?",
        "fields": ("order_id", "customer_id", "amount", "ordered_at"),
    },
    "customers": {
        "ddl": "CREATE TABLE IF NOT EXISTS customers (customer_id TEXT, region TEXT, "
               "signup_date TEXT, batch_id TEXT)",
        "clear": "DELETE FROM customers WHERE batch_id = ?",
        "insert": "INSERT INTO customers VALUES (?, ?, ?, ?)",
        "count": "SELECT COUNT(*) FROM customers WHERE batch_id = ?",
        "fields": ("customer_id", "region", "signup_date"),
    },
}


def read_mapping(path: Path) -> dict:
    with path.open() as fh:
        mapping = yaml.safe_load(fh) or {}
    unknown = set(mapping.get("sources", {})) - set(SCHEMA)
    if unknown:
        raise ValueError(f"unknown staging tables: {sorted(unknown)}")
    return mapping


def load_rows(conn, spec: dict, csv_path: Path, renames: dict, batch_id: str) -> int:
    conn.execute(spec["ddl"])
    conn.execute(spec["clear"], (batch_id,))
    count = 0
    batch = []
    with csv_path.open(newline="") as fh:
        for raw in csv.DictReader(fh):
            row = {renames.get(k, k): v for k, v in raw.items()}
            batch.append(tuple(row.get(f) for f in spec["fields"]) + (batch_id,))
            if len(batch) >= 1000:
                conn.executemany(spec["insert"], batch)
                count += len(batch)
                batch.clear()
    if batch:
        conn.executemany(spec["insert"], batch)
        count += len(batch)
    return count


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mapping", type=Path, default=Path("staging.yml"))
    ap.add_argument("--db", type=Path, default=Path("staging.db"))
    ap.add_argument("--batch-id", required=True)
    ap.add_argument("--extracts", type=Path, default=Path("extracts"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mapping = read_mapping(args.mapping)
    conn = sqlite3.connect(args.db)
    os.chmod(args.db, 0o600)
    try:
        for table, source in mapping.get("sources", {}).items():
            spec = SCHEMA[table]
            csv_path = args.extracts / source.get("file", f"{table}.csv")
            if not csv_path.exists():
                logger.warning("missing extract %s", csv_path)
                continue
            n = load_rows(conn, spec, csv_path, source.get("rename", {}), args.batch_id)
            conn.commit()
            total = conn.execute(spec["count"], (args.batch_id,)).fetchone()[0]
            logger.info("%s: inserted %d, %d rows for batch", table, n, total)
    except (sqlite3.Error, ValueError, KeyError) as exc:
        conn.rollback()
        logger.error("load failed: %s", exc)
        raise SystemExit(1)
    finally:
        conn.close()


if __name__ == "__main__":
    main()
