#!/usr/bin/env python3
"""Nightly SQLite maintenance, run from a systemd timer as the app user.

Compacts every database under ./data, records integrity results in a
small bookkeeping table and writes a one-line summary per database.
"""
import argparse
import logging
import sqlite3
import time
from contextlib import closing
from pathlib import Path

LOG = logging.getLogger("sqlite-vacuum")

BOOKKEEPING_DDL = """
CREATE TABLE IF NOT EXISTS maint_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    db_name TEXT NOT NULL,
    started REAL NOT NULL,
    seconds REAL NOT NULL,
    bytes_before INTEGER,
    bytes_after INTEGER,
    integrity TEXT
)
"""


def host_label():
    """Return PRETTY_NAME from os-release for the run summary."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown-os"


def vacuum_one(db_path: Path, book: sqlite3.Connection, dry_run: bool) -> dict:
    before = db_path.stat().st_size
    started = time.time()
    with closing(sqlite3.connect(str(db_path), timeout=30)) as conn:
        verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
        if verdict != "ok":
            LOG.warning("%s failed quick_check: %s", db_path.name, verdict)
        elif not dry_run:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.isolation_level = None
            conn.execute("VACUUM")
            conn.execute("ANALYZE")
    after = db_path.stat().st_size
    elapsed = time.time() - started
    book.execute(
        "INSERT INTO maint_runs (db_name, started, seconds, bytes_before, bytes_after, integrity)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (db_path.name, started, elapsed, before, after, verdict),
    )
    return {"name": db_path.name, "before": before, "after": after, "ok": verdict == "ok"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data-dir", default="data", help="directory with *.db files")
    parser.add_argument("--bookkeeping", default="data/maintenance.sqlite")
    parser.add_argument("--min-size-kb", type=int, default=64)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    data_dir = Path(args.data_dir)
    if not data_dir.is_dir():
        LOG.error("data directory %s does not exist", data_dir)
        return 2

    LOG.info("maintenance run on %s", host_label())
    book_path = Path(args.bookkeeping)
    failures = 0
    with closing(sqlite3.connect(str(book_path))) as book:
        book.execute(BOOKKEEPING_DDL)
        for db_path in sorted(data_dir.glob("*.db")):
            if db_path.resolve() == book_path.resolve():
                continue
            if db_path.stat().st_size < args.min_size_kb * 1024:
                LOG.debug("skipping small database %s", db_path.name)
                continue
            try:
                result = vacuum_one(db_path, book, args.dry_run)
            except sqlite3.DatabaseError as exc:
                LOG.error("could not maintain %s: %s", db_path.name, exc)
                failures += 1
                continue
            saved = result["before"] - result["after"]
            LOG.info("%s: %d -> %d bytes (saved %d)", result["name"],
                     result["before"], result["after"], saved)
            if not result["ok"]:
                failures += 1
        book.commit()
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
