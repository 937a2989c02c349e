#!/usr/bin/env python3
"""Apply numbered SQL migrations from ./migrations to a PostgreSQL database.

Applied-migration bookkeeping is cached locally in .migrate_state so the
runner can show pending migrations without a database round trip.
"""
import argparse
import hashlib
import logging
import os
import pickle
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

import psycopg2

log = logging.getLogger("migrate")
MIGRATION_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
STATE_FILE = Path(".migrate_state")


class MigrationState:
    def __init__(self):
        self.applied = {}  # version -> (name, checksum, applied_at)

    @classmethod
    def load(cls, path=STATE_FILE):
        if not path.exists():
            return cls()
        with path.open("rb") as fh:
            return pickle.load(fh)

    def save(self, path=STATE_FILE):
        with path.open("wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)


def discover(directory):
    found = []
    for entry in sorted(Path(directory).iterdir()):
        m = MIGRATION_RE.match(entry.name)
        if not m:
            continue
        body = entry.read_text(encoding="utf-8")
        found.append((m.group(1), m.group(2), hashlib.sha256(body.encode()).hexdigest(), body))
    return found


def ensure_table(cur):
    cur.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version text PRIMARY KEY, name text NOT NULL,"
        " checksum text NOT NULL, applied_at timestamptz NOT NULL)"
    )


def apply_pending(dsn, migrations, state, dry_run):
    pending = [m for m in migrations if m[0] not in state.applied]
    for version, name, checksum, _ in migrations:
        prev = state.applied.get(version)
        if prev and prev[1] != checksum:
            raise RuntimeError(f"migration {version}_{name} changed after being applied")
    if not pending:
        log.info("database is up to date")
        return 0
    if dry_run:
        for version, name, _, _ in pending:
            log.info("would apply %s_%s", version, name)
        return len(pending)
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        ensure_table(cur)
        for version, name, checksum, body in pending:
            log.info("applying %s_%s", version, name)
            cur.execute(body)
            now = datetime.now(timezone.utc)
            cur.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                " VALUES (%s, %s, %s, %s)",
                (version, name, checksum, now),
            )
            state.applied[version] = (name, checksum, now)
    return len(pending)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dsn", default=os.environ.get("DATABASE_URL", "dbname=app"))
    ap.add_argument("--dir", default="migrations")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--reset-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    if args.reset_cache and STATE_FILE.exists():
        STATE_FILE.unlink()
    state = MigrationState.load()
    try:
        count = apply_pending(args.dsn, discover(args.dir), state, args.dry_run)
    except (psycopg2.Error, RuntimeError) as exc:
        log.error("migration failed: %s", exc)
        return 1
    if not args.dry_run:
        state.save()
    log.info("%d migration(s) %s", count, "pending" if args.dry_run else "applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
