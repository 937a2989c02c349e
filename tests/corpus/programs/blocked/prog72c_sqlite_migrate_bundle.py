#!/usr/bin/env python3
"""sqlite_migrate_bundle - apply numbered Python migrations to a SQLite database.

Migrations are published by the release pipeline as a bundle on the artifact
server rather than shipped inside every service image.  The bundle index
(MIGRATIONS_INDEX, JSON) lists NNNN_description.py files; each defines

    def upgrade(conn): ...
    def downgrade(conn): ...        # optional

Applied versions are recorded in the schema_migrations table.  Every
migration runs inside its own transaction; a failure rolls that migration
back and stops the run.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sqlite3
import sys
import time
import urllib.request
from urllib.error import URLError
from urllib.parse import urljoin

log = logging.getLogger("sqlite_migrate")

NAME_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.py$")
INDEX_URL = os.environ.get(
    "MIGRATIONS_INDEX", "https://artifacts.schemaship.example/migrations/index.json")

BOOTSTRAP = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    checksum    TEXT NOT NULL,
    applied_at  REAL NOT NULL
)
"""


def http_get(url, attempts=4):
    req = urllib.request.Request(url, headers={"User-Agent": "sqlite-migrate/1.4"})
    for i in range(attempts):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.read()
        except URLError as exc:
            log.warning("GET %s failed (%s), retry %d", url, exc, i + 1)
            time.sleep(1.5 * (i + 1))
    raise RuntimeError(f"could not fetch {url}")


class Migration:
    def __init__(self, filename, source, origin):
        m = NAME_RE.match(filename)
        if not m:
            raise ValueError(f"bad migration file name: {filename}")
        self.version = int(m.group(1))
        self.name = m.group(2)
        self.origin = origin
        self.source = source
        self.checksum = hashlib.sha256(source.encode()).hexdigest()
        self._ns = None

    def namespace(self):
        if self._ns is None:
            ns = {"__name__": f"migration_{self.version:04d}", "__file__": self.origin}
            exec(compile(self.source, self.origin, "exec"), ns)
            self._ns = ns
        return self._ns

    def run(self, conn, direction):
        fn = self.namespace().get(direction)
        if fn is None:
            raise RuntimeError(f"{self.origin} has no {direction}()")
        fn(conn)


def discover(index_url):
    index = json.loads(http_get(index_url))
    out = []
    for entry in sorted(index.get("files", []), key=lambda e: e["name"]):
        url = urljoin(index_url, entry.get("path", entry["name"]))
        out.append(Migration(entry["name"], http_get(url).decode(), url))
    log.info("bundle %s: %d migrations", index.get("release", "?"), len(out))
    return out


def applied_versions(conn):
    rows = conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
    return {v: c for v, c in rows}


def upgrade(conn, migrations, target=None):
    done = applied_versions(conn)
    for mig in migrations:
        if target is not None and mig.version > target:
            break
        if mig.version in done:
            if done[mig.version] != mig.checksum:
                log.warning("%04d_%s changed after it was applied", mig.version, mig.name)
            continue
        log.info("applying %04d_%s", mig.version, mig.name)
        started = time.monotonic()
        try:
            with conn:
                mig.run(conn, "upgrade")
                conn.execute(
                    "INSERT INTO schema_migrations(version, name, checksum, applied_at) "
                    "VALUES (?, ?, ?, ?)",
                    (mig.version, mig.name, mig.checksum, time.time()))
        except Exception:
            log.exception("migration %04d failed, rolled back", mig.version)
            return False
        log.info("  done in %.2fs", time.monotonic() - started)
    return True


def downgrade(conn, migrations, target):
    done = applied_versions(conn)
    for mig in reversed(migrations):
        if mig.version <= target or mig.version not in done:
            continue
        log.info("reverting %04d_%s", mig.version, mig.name)
        with conn:
            mig.run(conn, "downgrade")
            conn.execute("DELETE FROM schema_migrations WHERE version = ?", (mig.version,))
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("database", help="path to the SQLite file")
    ap.add_argument("--index", default=INDEX_URL)
    ap.add_argument("--target", type=int)
    ap.add_argument("--down", action="store_true", help="revert down to --target")
    ap.add_argument("--status", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = sqlite3.connect(args.database)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(BOOTSTRAP)
    try:
        migrations = discover(args.index)
    except (RuntimeError, ValueError, KeyError) as exc:
        log.error("cannot load bundle: %s", exc)
        return 2

    if args.status:
        done = applied_versions(conn)
        for mig in migrations:
            print(f"{'x' if mig.version in done else ' '} {mig.version:04d} {mig.name}")
        return 0
    if args.down:
        if args.target is None:
            ap.error("--down needs --target")
        ok = downgrade(conn, migrations, args.target)
    else:
        ok = upgrade(conn, migrations, args.target)
    conn.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
