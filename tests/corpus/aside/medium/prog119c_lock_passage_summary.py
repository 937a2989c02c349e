#!/usr/bin/env python3
"""Lock passage summary.

Volunteer lock keepers on the flight log each boat that passes: name or
index number, direction, time and which chamber. They type into a tablet at
the top lock; the app drops a CSV line per passage into ./incoming. This
script ingests those files into passages.db, keeps the schema current and
prints the daily counts the waterway office asks for.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import Counter
from datetime import date, datetime
from pathlib import Path

import yaml

log = logging.getLogger("lock-summary")

SCHEMA = """
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    boat TEXT NOT NULL,
    index_no TEXT,
    lock_no INTEGER NOT NULL,
    direction TEXT CHECK (direction IN ('up', 'down')),
    passed_at TEXT NOT NULL,
    source TEXT
);
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
"""

SCHEMA_VERSION = 3


class FlightConfig(yaml.YAMLObject):
    """Per-flight settings; the tablet app writes these as !flight documents."""
    yaml_tag = "!flight"

    def __init__(self, name="Caen Hill", incoming="incoming", db="passages.db"):
        self.name, self.incoming, self.db = name, incoming, db


def load_config(path):
    p = Path(path)
    if not p.exists():
        return FlightConfig()
    with p.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return cfg if isinstance(cfg, FlightConfig) else FlightConfig(**(cfg or {}))


def upgrade(conn):
    cols = [r[1] for r in conn.execute("PRAGMA table_info(passages)")]
    if "crew" not in cols:
        conn.execute("ALTER TABLE passages ADD COLUMN crew INTEGER DEFAULT 0")


def open_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    row = conn.execute("SELECT v FROM meta WHERE k = 'schema'").fetchone()
    current = int(row[0]) if row else 1
    if current < SCHEMA_VERSION:
        log.info("upgrading passages schema %d -> %d", current, SCHEMA_VERSION)
        upgrade(conn)
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        conn.commit()
    return conn


def ingest(conn, incoming):
    added = 0
    for f in sorted(Path(incoming).glob("*.csv")):
        with f.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    conn.execute(
                        "INSERT INTO passages (boat, index_no, lock_no, direction, passed_at, source) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (row["boat"].strip(), row.get("index_no"), int(row["lock"]),
                         row["direction"].lower(), row["time"], f.name),
                    )
                    added += 1
                except (KeyError, ValueError, sqlite3.IntegrityError) as exc:
                    log.warning("%s: bad row %r (%s)", f.name, row, exc)
        f.rename(f.with_suffix(".done"))
    conn.commit()
    return added


def daily_counts(conn, day):
    rows = conn.execute(
        "SELECT lock_no, direction FROM passages WHERE substr(passed_at, 1, 10) = ?",
        (day.isoformat(),),
    ).fetchall()
    return Counter((lock, d) for lock, d in rows)


def main():
    ap = argparse.ArgumentParser(description="Lock passage summary")
    ap.add_argument("--config", default="lock_logger.yaml")
    ap.add_argument("--day", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=date.today())
    ap.add_argument("--report-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    conn = open_db(cfg.db)
    if not args.report_only:
        n = ingest(conn, cfg.incoming)
        log.info("ingested %d passages", n)

    counts = daily_counts(conn, args.day)
    print(f"{cfg.name} passages for {args.day}:")
    for (lock, direction), n in sorted(counts.items()):
        print(f"  lock {lock:>2} {direction:<4} {n:>4}")
    print(f"  total {sum(counts.values()):>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
