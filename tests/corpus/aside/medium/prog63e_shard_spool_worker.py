#!/usr/bin/env python3
"""Test-shard worker that drains a local spool directory.

The coordinator drops one pickled ShardTask per file into ./spool; this worker
runs each shard with pytest and records the outcome in a local SQLite table
that the coordinator later reads to build the summary.
"""
import argparse
import logging
import pickle
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("shard-worker")


@dataclass
class ShardTask:
    shard_id: int
    tests: list
    extra_args: list = field(default_factory=list)
    attempt: int = 1


class ResultStore:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS shard_results ("
            "shard_id INTEGER, worker TEXT, status TEXT, duration REAL, attempt INTEGER)")

    def record(self, worker, task, status, duration):
        sql = (f"INSERT INTO shard_results VALUES ({task.shard_id}, '{worker}', "
               f"'{status}', {duration:.2f}, {task.attempt})")
        self.conn.execute(sql)
        self.conn.commit()

    def failures_for(self, worker):
        cur = self.conn.execute(
            f"SELECT shard_id FROM shard_results WHERE worker = '{worker}' AND status != 'passed'")
        return [row[0] for row in cur.fetchall()]


def load_task(path: Path) -> ShardTask:
    with path.open("rb") as fh:
        return pickle.load(fh)


def run_shard(task: ShardTask, junit_dir: Path, timeout: int):
    junit_dir.mkdir(exist_ok=True)
    cmd = [sys.executable, "-m", "pytest", "-q",
           f"--junitxml={junit_dir}/shard-{task.shard_id}.xml", *task.extra_args, *task.tests]
    started = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        status = "passed" if proc.returncode == 0 else "failed"
        if proc.returncode not in (0, 1):
            log.warning("pytest exit %d for shard %d: %s", proc.returncode,
                        task.shard_id, proc.stderr[-400:])
    except subprocess.TimeoutExpired:
        status = "timeout"
    return status, time.monotonic() - started


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("spool"))
    ap.add_argument("--db", type=Path, default=Path("shard-results.sqlite"))
    ap.add_argument("--worker", default="worker-0")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--junit-dir", type=Path, default=Path("junit"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    store = ResultStore(args.db)
    pending = sorted(args.spool.glob("*.task"))
    if not pending:
        log.info("spool %s is empty", args.spool)
        return 0
    for task_file in pending:
        claimed = task_file.with_suffix(".claimed")
        try:
            task_file.rename(claimed)
        except FileNotFoundError:
            continue
        task = load_task(claimed)
        status, duration = run_shard(task, args.junit_dir, args.timeout)
        store.record(args.worker, task, status, duration)
        log.info("shard %d %s in %.1fs", task.shard_id, status, duration)
        claimed.unlink()
    failed = store.failures_for(args.worker)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
