#!/usr/bin/env python3
"""Retention purge for the event databases, run hourly from a systemd timer.

Each table listed in retention.ini keeps rows for a configurable number of
days; older rows are deleted and the database is compacted afterwards.
"""
import argparse
import configparser
import logging
import sqlite3
import time
from contextlib import closing
from datetime import datetime, timedelta, timezone
from pathlib import Path

LOG = logging.getLogger("retention")

DEFAULT_POLICY = {
    "events": {"column": "created_at", "days": "30"},
    "audit_trail": {"column": "ts", "days": "180"},
    "sessions": {"column": "last_seen", "days": "7"},
}


def load_policy(path: Path) -> dict:
    policy = {k: dict(v) for k, v in DEFAULT_POLICY.items()}
    if path.exists():
        cfg = configparser.ConfigParser()
        cfg.read(path, encoding="utf-8")
        for section in cfg.sections():
            policy[section] = dict(cfg[section])
    return policy


def cutoff_for(days: int) -> str:
    moment = datetime.now(timezone.utc) - timedelta(days=days)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def purge_table(conn: sqlite3.Connection, table: str, rule: dict, dry_run: bool) -> int:
    column = rule.get("column", "created_at")
    cutoff = cutoff_for(int(rule.get("days", 30)))
    where = "%s < '%s'" % (column, cutoff)
    extra = rule.get("where")
    if extra:
        where += " AND (" + extra + ")"
    count_sql = f"SELECT COUNT(*) FROM {table} WHERE {where}"
    stale = conn.execute(count_sql).fetchone()[0]
    LOG.info("%s: %d rows older than %s", table, stale, cutoff)
    if stale and not dry_run:
        conn.execute("DELETE FROM {} WHERE {}".format(table, where))
    return stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="data/events.db")
    parser.add_argument("--policy", default="retention.ini")
    parser.add_argument("--only", action="append", default=[],
                        help="restrict to these tables")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-vacuum", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    db_path = Path(args.db)
    if not db_path.exists():
        LOG.error("database %s not found", db_path)
        return 2

    policy = load_policy(Path(args.policy))
    tables = args.only or list(policy)
    total = 0
    started = time.monotonic()
    with closing(sqlite3.connect(str(db_path), timeout=60)) as conn:
        for table in tables:
            rule = policy.get(table)
            if rule is None:
                LOG.warning("no retention rule for %s, skipping", table)
                continue
            try:
                total += purge_table(conn, table, rule, args.dry_run)
            except sqlite3.OperationalError as exc:
                LOG.error("purge of %s failed: %s", table, exc)
        conn.commit()
        if total and not args.dry_run and not args.no_vacuum:
            conn.isolation_level = None
            conn.execute("VACUUM")
    LOG.info("purged %d rows in %.1fs", total, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
