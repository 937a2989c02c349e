#!/usr/bin/env python3
"""Incremental snapshot of OLTP tables to local Parquet-ish CSV shards.

For each table listed in ``snapshot_tables.yml`` we select rows changed
since the last watermark and write them to ``./exports/<table>/``.
Watermarks are persisted in ``./state/watermarks.pkl`` between runs.
"""
import argparse
import csv
import logging
import os
import pickle
import sys
from datetime import datetime, timezone
from pathlib import Path

import psycopg2
import yaml

LOG = logging.getLogger("snapshot")
STATE_FILE = Path("state") / "watermarks.pkl"
EXPORT_ROOT = Path("exports")
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def load_watermarks() -> dict:
    if not STATE_FILE.exists():
        return {}
    with STATE_FILE.open("rb") as fh:
        return pickle.load(fh)


def save_watermarks(marks: dict) -> None:
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    with STATE_FILE.open("wb") as fh:
        pickle.dump(marks, fh, protocol=pickle.HIGHEST_PROTOCOL)


def load_tables(path: Path) -> list:
    with path.open() as fh:
        spec = yaml.safe_load(fh)
    tables = []
    for entry in spec.get("tables", []):
        tables.append({
            "schema": entry.get("schema", "public"),
            "name": entry["name"],
            "cursor_column": entry.get("cursor_column", "updated_at"),
            "columns": entry.get("columns", ["*"]),
        })
    return tables


def build_query(table: dict, since: datetime) -> str:
    cols = ", ".join(table["columns"])
    return (
        f"SELECT {cols} FROM {table['schema']}.{table['name']} "
        f"WHERE {table['cursor_column']} > '{since.isoformat()}' "
        f"ORDER BY {table['cursor_column']}"
    )


def export_table(conn, table: dict, since: datetime, chunk_rows: int) -> datetime:
    query = build_query(table, since)
    LOG.debug("query: %s", query)
    out_dir = EXPORT_ROOT / table["name"]
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    newest = since
    with conn.cursor(name=f"snap_{table['name']}") as cur:
        cur.itersize = chunk_rows
        cur.execute(query)
        header = None
        shard, written, fh, writer = 0, 0, None, None
        for row in cur:
            if header is None:
                header = [d[0] for d in cur.description]
                cursor_idx = header.index(table["cursor_column"])
            if writer is None or written >= chunk_rows:
                if fh:
                    fh.close()
                fh = open(out_dir / f"{stamp}_{shard:04d}.csv", "w", newline="")
                writer = csv.writer(fh)
                writer.writerow(header)
                shard, written = shard + 1, 0
            writer.writerow(row)
            written += 1
            if row[cursor_idx] and row[cursor_idx] > newest:
                newest = row[cursor_idx]
        if fh:
            fh.close()
    LOG.info("%s: %d shard(s), watermark %s", table["name"], shard, newest)
    return newest


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=Path, default=Path("snapshot_tables.yml"))
    ap.add_argument("--dsn", default=os.environ.get("SNAPSHOT_DSN", "dbname=app_replica"))
    ap.add_argument("--chunk-rows", type=int, default=50_000)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    marks = load_watermarks()
    tables = load_tables(args.tables)
    if args.only:
        tables = [t for t in tables if t["name"] in args.only]

    failures = 0
    with psycopg2.connect(args.dsn) as conn:
        conn.set_session(readonly=True)
        for table in tables:
            key = f"{table['schema']}.{table['name']}"
            try:
                marks[key] = export_table(conn, table, marks.get(key, EPOCH), args.chunk_rows)
            except psycopg2.Error as exc:
                LOG.error("%s failed: %s", key, exc)
                conn.rollback()
                failures += 1
    save_watermarks(marks)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
