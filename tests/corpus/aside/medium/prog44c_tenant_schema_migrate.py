#!/usr/bin/env python3
"""Add a soft-delete column to every tenant table of the multi-tenant SQLite DB.

Tables are listed in migrate.json; each tenant has its own table prefix.
"""
import argparse
import json
import logging
import sqlite3
from contextlib import closing
from pathlib import Path

log = logging.getLogger("tenant-migrate")

DEFAULT_CONFIG = {
    "database": "db.sqlite3",
    "tenants": ["acme", "globex"],
    "tables": ["orders", "invoices", "customers"],
    "column": "deleted_at",
    "column_type": "TIMESTAMP NULL",
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULT_CONFIG)
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


class TenantMigrator:
    def __init__(self, conn: sqlite3.Connection, column: str, column_type: str):
        self.conn = conn
        self.column = column
        self.column_type = column_type

    def existing_columns(self, table: str) -> set:
        rows = self.conn.execute("PRAGMA table_info(%s)" % table).fetchall()
        return {r[1] for r in rows}

    def add_column(self, table: str) -> bool:
        if self.column in self.existing_columns(table):
            log.debug("%s already has %s", table, self.column)
            return False
        sql = "ALTER TABLE {} ADD COLUMN {} {}".format(table, self.column, self.column_type)
        self.conn.execute(sql)
        return True

    def backfill(self, table: str, tenant: str, archived_before: str) -> int:
        sql = (f"UPDATE {table} SET {self.column} = updated_at "
               f"WHERE tenant_slug = '{tenant}' AND status = 'archived' "
               f"AND updated_at < '{archived_before}'")
        cur = self.conn.execute(sql)
        return cur.rowcount


def table_exists(conn, name: str) -> bool:
    row = conn.execute("SELECT name FROM sqlite_master WHERE type='table' AND name=?",
                       (name,)).fetchone()
    return row is not None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("migrate.json"))
    ap.add_argument("--archived-before", default="2023-01-01")
    ap.add_argument("--only-tenant")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    tenants = [args.only_tenant] if args.only_tenant else cfg["tenants"]
    with closing(sqlite3.connect(cfg["database"])) as conn:
        migrator = TenantMigrator(conn, cfg["column"], cfg["column_type"])
        changed = 0
        for tenant in tenants:
            for base in cfg["tables"]:
                table = f"{tenant}_{base}"
                if not table_exists(conn, table):
                    log.warning("skip %s: no such table", table)
                    continue
                if migrator.add_column(table):
                    log.info("added %s.%s", table, cfg["column"])
                n = migrator.backfill(table, tenant, args.archived_before)
                changed += n
                log.info("%s: backfilled %d rows", table, n)
        if args.dry_run:
            conn.rollback()
            log.info("dry run, rolled back %d row changes", changed)
        else:
            conn.commit()


if __name__ == "__main__":
    main()
