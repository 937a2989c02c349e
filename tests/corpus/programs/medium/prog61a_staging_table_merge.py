"""Merge staged rows into reporting tables in a local SQLite warehouse.

merge.yml lists, per target table, the key columns and an optional filter
expression; the merge statements are assembled from that config.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("merge")


class MergeJob:
    def __init__(self, conn: sqlite3.Connection, run_id: str):
        self.conn = conn
        self.run_id = run_id

    def columns(self, table: str) -> list:
        return [r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")]

    def merge(self, target: str, spec: dict) -> int:
        staging = spec.get("staging", f"stg_{target}")
        keys = spec["keys"]
        cols = self.columns(staging)
        where = spec.get("filter", "1=1")
        key_match = " AND ".join(f"t.{k} = s.{k}" for k in keys)

        delete_sql = (
            f"DELETE FROM {target} WHERE EXISTS (SELECT 1 FROM {staging} s "
            f"WHERE {key_match.replace('t.', target + '.')} AND {where})"
        )
        insert_sql = (
            f"INSERT INTO {target} ({', '.join(cols)}) "
            f"SELECT {', '.join(cols)} FROM {staging} WHERE {where} "
            f"AND load_run = '{self.run_id}'"
        )
        log.debug("delete: %s", delete_sql)
        self.conn.execute(delete_sql)
        cur = self.conn.execute(insert_sql)
        return cur.rowcount

    def audit(self, target: str, rows: int) -> None:
        self.conn.execute(
            "INSERT INTO merge_audit (run_id, target, rows) VALUES ('%s', '%s', %d)"
            % (self.run_id, target, rows)
        )


def load_plan(path: Path) -> dict:
    with path.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="warehouse.db")
    ap.add_argument("--plan", type=Path, default=Path("merge.yml"))
    ap.add_argument("--run-id", required=True)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    plan = load_plan(args.plan) or {}
    conn = sqlite3.connect(args.db)
    conn.execute("CREATE TABLE IF NOT EXISTS merge_audit (run_id TEXT, target TEXT, rows INT)")
    job = MergeJob(conn, args.run_id)
    status = 0
    for target, spec in plan.get("targets", {}).items():
        if args.only and target not in args.only:
            continue
        try:
            rows = job.merge(target, spec)
            job.audit(target, rows)
            conn.commit()
            log.info("%s: merged %d rows", target, rows)
        except sqlite3.Error as exc:
            conn.rollback()
            log.error("%s: %s", target, exc)
            status = 1
    conn.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
