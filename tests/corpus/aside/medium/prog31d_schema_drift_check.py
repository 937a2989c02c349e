#!/usr/bin/env python3
"""Detect schema drift between a live database and the declared models.

Reflecting a large schema is slow, so the reflected snapshot is cached on
disk (keyed by database URL and server version) and reused for an hour.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import time
from pathlib import Path

from sqlalchemy import (Column, DateTime, Integer, MetaData, Numeric, String,
                        Table, create_engine, inspect, text)
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger("drift")
CACHE_DIR = Path(".schema_cache")
CACHE_TTL = 3600

declared = MetaData()
Table("accounts", declared,
      Column("id", Integer, primary_key=True),
      Column("email", String(255), nullable=False),
      Column("created_at", DateTime, nullable=False))
Table("invoices", declared,
      Column("id", Integer, primary_key=True),
      Column("account_id", Integer, nullable=False),
      Column("amount", Numeric(12, 2), nullable=False),
      Column("currency", String(3), nullable=False),
      Column("issued_at", DateTime))


def cache_path(url: str, version: str) -> Path:
    key = hashlib.sha256(f"{url}|{version}".encode()).hexdigest()[:16]
    return CACHE_DIR / f"{key}.pickle"


def reflect(engine) -> dict:
    insp = inspect(engine)
    snapshot = {}
    for table in insp.get_table_names():
        snapshot[table] = {
            c["name"]: {"type": str(c["type"]), "nullable": c["nullable"]}
            for c in insp.get_columns(table)
        }
    return snapshot


def load_snapshot(engine, url: str, refresh: bool) -> dict:
    with engine.connect() as conn:
        version = conn.execute(text("SELECT version()")).scalar() or "unknown"
    path = cache_path(url, version)
    if not refresh and path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        log.info("using cached snapshot %s", path)
        with path.open("rb") as fh:
            return pickle.load(fh)
    log.info("reflecting live schema (this can take a while)")
    snapshot = reflect(engine)
    CACHE_DIR.mkdir(exist_ok=True)
    with path.open("wb") as fh:
        pickle.dump(snapshot, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return snapshot


def compare(snapshot: dict) -> list:
    problems = []
    for table in declared.sorted_tables:
        live = snapshot.get(table.name)
        if live is None:
            problems.append(f"missing table {table.name}")
            continue
        for col in table.columns:
            lc = live.get(col.name)
            if lc is None:
                problems.append(f"{table.name}.{col.name}: missing column")
            elif lc["nullable"] != col.nullable:
                problems.append(f"{table.name}.{col.name}: nullable live={lc['nullable']} declared={col.nullable}")
        extra = set(live) - {c.name for c in table.columns}
        for name in sorted(extra):
            problems.append(f"{table.name}.{name}: not declared in models")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=os.environ.get("DATABASE_URL", "sqlite:///app.db"))
    ap.add_argument("--refresh", action="store_true", help="ignore the snapshot cache")
    ap.add_argument("--fail-on-drift", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        engine = create_engine(args.url, pool_pre_ping=True)
        snapshot = load_snapshot(engine, args.url, args.refresh)
    except SQLAlchemyError as exc:
        log.error("cannot inspect database: %s", exc)
        return 1
    problems = compare(snapshot)
    for p in problems:
        print("DRIFT:", p)
    log.info("%d tables live, %d drift findings", len(snapshot), len(problems))
    return 3 if problems and args.fail_on_drift else 0


if __name__ == "__main__":
    sys.exit(main())
