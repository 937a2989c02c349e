#!/usr/bin/env python3
"""Checkpointing for long warehouse backfills.

Each backfill partition (table, day) is processed by a user-supplied loader;
progress and the loader's intermediate state are checkpointed so that a
crashed backfill resumes where it stopped. Partition bookkeeping lives in a
small SQLite database next to the config.

backfill.yaml:

    table: analytics.page_views
    start: 2024-01-01
    end: 2024-01-31
    checkpoint_dir: .checkpoints
    db: backfill_state.db

    python backfill_checkpoint_store.py backfill.yaml status
    python backfill_checkpoint_store.py backfill.yaml reset --day 2024-01-07
"""
import argparse
import datetime as dt
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("checkpoints")


class CheckpointStore:
    def __init__(self, root: Path, db_path: Path, table: str):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.table = table
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS partitions ("
            " tbl TEXT, day TEXT, status TEXT, rows INTEGER, updated TEXT,"
            " PRIMARY KEY (tbl, day))"
        )

    def _blob(self, day: str) -> Path:
        return self.root / f"{self.table.replace('.', '__')}__{day}.pkl"

    def save_state(self, day: str, state) -> None:
        with self._blob(day).open("wb") as fh:
            pickle.dump(state, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def load_state(self, day: str):
        path = self._blob(day)
        if not path.exists():
            return None
        with path.open("rb") as fh:
            return pickle.load(fh)

    def mark(self, day: str, status: str, rows: int = 0) -> None:
        now = dt.datetime.utcnow().isoformat(timespec="seconds")
        self.conn.execute(
            f"INSERT OR REPLACE INTO partitions VALUES "
            f"('{self.table}', '{day}', '{status}', {rows}, '{now}')"
        )
        self.conn.commit()

    def statuses(self, status_filter=None) -> list:
        query = f"SELECT day, status, rows, updated FROM partitions WHERE tbl = '{self.table}'"
        if status_filter:
            query += f" AND status = '{status_filter}'"
        return self.conn.execute(query + " ORDER BY day").fetchall()

    def reset(self, day: str) -> None:
        self._blob(day).unlink(missing_ok=True)
        self.conn.execute(f"DELETE FROM partitions WHERE tbl = '{self.table}' AND day = '{day}'")
        self.conn.commit()


def load_config(path: Path) -> dict:
    with path.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    for key in ("table", "start", "end"):
        if key not in cfg:
            raise ValueError(f"config missing '{key}'")
    return cfg


def pending_days(store: CheckpointStore, start: dt.date, end: dt.date):
    done = {d for d, s, *_ in store.statuses("done")}
    day = start
    while day <= end:
        if day.isoformat() not in done:
            yield day.isoformat()
        day += dt.timedelta(days=1)


def main():
    p = argparse.ArgumentParser(description="backfill checkpoint maintenance")
    p.add_argument("config", type=Path)
    p.add_argument("command", choices=("status", "pending", "reset", "show-state"))
    p.add_argument("--day")
    p.add_argument("--status")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 2

    base = args.config.parent
    store = CheckpointStore(base / cfg.get("checkpoint_dir", ".checkpoints"),
                            base / cfg.get("db", "backfill_state.db"), cfg["table"])

    if args.command == "status":
        for day, status, rows, updated in store.statuses(args.status):
            print(f"{day}  {status:<8} {rows:>10}  {updated}")
    elif args.command == "pending":
        for day in pending_days(store, cfg["start"], cfg["end"]):
            print(day)
    elif args.command in ("reset", "show-state"):
        if not args.day:
            log.error("--day is required")
            return 2
        if args.command == "reset":
            store.reset(args.day)
            log.info("reset %s %s", cfg["table"], args.day)
        else:
            print(repr(store.load_state(args.day)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
