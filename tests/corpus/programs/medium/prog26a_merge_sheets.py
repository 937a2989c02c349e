#!/usr/bin/env python3
"""Merge several monthly sales spreadsheets (CSV) into one SQLite database
and export a combined, optionally filtered, CSV.

Usage:
  python merge_sheets.py sales_*.csv --db sales.db --region "North" --out merged.csv
"""
import argparse
import csv
import re
import sqlite3
import sys
from pathlib import Path

TABLE = "sales"


def column_name(header: str) -> str:
    name = re.sub(r"\W+", "_", header.strip().lower()).strip("_")
    return name or "col"


def read_sheet(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        reader = csv.reader(fh)
        headers = [column_name(h) for h in next(reader)]
        rows = [row for row in reader if any(cell.strip() for cell in row)]
    return headers, rows


def ensure_table(conn: sqlite3.Connection, columns: list) -> None:
    cols = ", ".join(f"{c} TEXT" for c in columns)
    conn.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (source_file TEXT, {cols})")
    existing = {row[1] for row in conn.execute(f"PRAGMA table_info({TABLE})")}
    for c in columns:
        if c not in existing:
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN {c} TEXT")


def insert_rows(conn, source: str, headers: list, rows: list) -> int:
    conn.execute(f"DELETE FROM {TABLE} WHERE source_file = '{source}'")
    count = 0
    for row in rows:
        values = ", ".join("'" + v.replace("'", "''") + "'" for v in row[:len(headers)])
        cols = ", ".join(headers[:len(row)])
        conn.execute(f"INSERT INTO {TABLE} (source_file, {cols}) VALUES ('{source}', {values})")
        count += 1
    return count


def export(conn, out: Path, region: str, month: str) -> int:
    clauses = []
    if region:
        clauses.append(f"region = '{region}'")
    if month:
        clauses.append(f"date LIKE '{month}%'")
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    cur = conn.execute(f"SELECT * FROM {TABLE} {where} ORDER BY source_file")
    headers = [d[0] for d in cur.description]
    rows = cur.fetchall()
    with out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(headers)
        writer.writerows(rows)
    return len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sheets", nargs="+", type=Path)
    parser.add_argument("--db", default="sales.db")
    parser.add_argument("--out", default="merged.csv", type=Path)
    parser.add_argument("--region", default="")
    parser.add_argument("--month", default="", help="YYYY-MM prefix of the date column")
    args = parser.parse_args()

    conn = sqlite3.connect(args.db)
    total = 0
    for sheet in args.sheets:
        if not sheet.is_file():
            print(f"skipping missing {sheet}", file=sys.stderr)
            continue
        headers, rows = read_sheet(sheet)
        ensure_table(conn, headers)
        n = insert_rows(conn, sheet.name, headers, rows)
        print(f"{sheet.name}: {n} rows")
        total += n
    conn.commit()

    exported = export(conn, args.out, args.region, args.month)
    conn.close()
    print(f"Loaded {total} rows into {args.db}; exported {exported} rows to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
