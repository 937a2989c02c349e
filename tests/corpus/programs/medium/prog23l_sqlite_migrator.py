#!/usr/bin/env python3
"""Minimal SQL migration runner for SQLite.

migrations/ holds files named 0001_create_users.sql, 0002_add_index.sql, ...
Each file may contain a `-- down` marker separating the rollback section.

    migrate.py app.db up
    migrate.py app.db down --steps 1
    migrate.py app.db status
"""
import argparse
import re
import sqlite3
import sys
import time
from pathlib import Path

MIGRATIONS = Path("migrations")
NAME_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


def discover():
    found = []
    for path in sorted(MIGRATIONS.glob("*.sql")):
        m = NAME_RE.match(path.name)
        if not m:
            print(f"ignoring {path.name}: bad name", file=sys.stderr)
            continue
        text = path.read_text()
        up, _, down = text.partition("-- down")
        found.append({"version": m.group(1), "name": m.group(2),
                      "up": up.strip(), "down": down.strip()})
    return found


def ensure_table(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE IF NOT EXISTS schema_migrations (
                    version TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at INTEGER NOT NULL)""")


def applied(db: sqlite3.Connection) -> set:
    return {row[0] for row in db.execute("SELECT version FROM schema_migrations")}


def record(db: sqlite3.Connection, mig: dict) -> None:
    db.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) "
        f"VALUES ('{mig['version']}', '{mig['name']}', {int(time.time())})"
    )


def forget(db: sqlite3.Connection, version: str) -> None:
    db.execute(f"DELETE FROM schema_migrations WHERE version = '{version}'")


def up(db, migrations) -> None:
    done = applied(db)
    for mig in migrations:
        if mig["version"] in done:
            continue
        print(f"applying {mig['version']}_{mig['name']}")
        with db:
            db.executescript("BEGIN;" + mig["up"] + ";")
            record(db, mig)


def down(db, migrations, steps: int) -> None:
    done = applied(db)
    for mig in [m for m in reversed(migrations) if m["version"] in done][:steps]:
        if not mig["down"]:
            sys.exit(f"{mig['version']} has no down section; refusing")
        print(f"reverting {mig['version']}_{mig['name']}")
        with db:
            db.executescript("BEGIN;" + mig["down"] + ";")
            forget(db, mig["version"])


def status(db, migrations) -> None:
    done = applied(db)
    for mig in migrations:
        mark = "x" if mig["version"] in done else " "
        print(f"[{mark}] {mig['version']} {mig['name']}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("database")
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("--steps", type=int, default=1)
    args = ap.parse_args()

    db = sqlite3.connect(args.database, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    ensure_table(db)
    migrations = discover()
    if args.action == "up":
        up(db, migrations)
    elif args.action == "down":
        down(db, migrations, args.steps)
    else:
        status(db, migrations)
    db.close()


if __name__ == "__main__":
    main()
