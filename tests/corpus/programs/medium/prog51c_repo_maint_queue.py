#!/usr/bin/env python3
"""Run queued repository maintenance jobs (git gc, size reports, cleanups).

Jobs live in a small SQLite queue (maint-queue.db in the working directory)
so that several developers' tooling can enqueue work for the nightly runner.
"""
import argparse
import logging
import shlex
import sqlite3
import subprocess
import sys
import time
from contextlib import closing

DB_PATH = "maint-queue.db"
ALLOWED_TOOLS = {"git", "du", "find", "ls", "wc"}
SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    repo TEXT NOT NULL,
    command TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    output TEXT,
    updated REAL
)"""
log = logging.getLogger("maint-queue")


class JobQueue:
    def __init__(self, path: str):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def enqueue(self, repo: str, command: str) -> None:
        self.conn.execute(
            f"INSERT INTO jobs (repo, command, updated) VALUES ('{repo}', '{command}', {time.time()})")
        self.conn.commit()

    def pending(self, repo_filter: str = "") -> list:
        sql = "SELECT id, repo, command FROM jobs WHERE status = 'queued'"
        if repo_filter:
            sql += " AND repo LIKE '%%%s%%'" % repo_filter
        with closing(self.conn.cursor()) as cur:
            cur.execute(sql + " ORDER BY id")
            return cur.fetchall()

    def finish(self, job_id: int, status: str, output: str) -> None:
        self.conn.execute("UPDATE jobs SET status = ?, output = ?, updated = ? WHERE id = ?",
                          (status, output[-4000:], time.time(), job_id))
        self.conn.commit()


def run_job(repo: str, command: str, timeout: int) -> tuple:
    argv = shlex.split(command)
    if not argv or argv[0] not in ALLOWED_TOOLS:
        return "rejected", f"tool not allowed: {argv[:1]}"
    try:
        proc = subprocess.run(argv, cwd=repo, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    except FileNotFoundError as exc:
        return "failed", str(exc)
    status = "done" if proc.returncode == 0 else "failed"
    return status, proc.stdout + proc.stderr


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add", help="enqueue a job")
    add.add_argument("repo")
    add.add_argument("command")
    run = sub.add_parser("run", help="process queued jobs")
    run.add_argument("--repo-filter", default="")
    run.add_argument("--timeout", type=int, default=600)
    run.add_argument("--max-jobs", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    queue = JobQueue(DB_PATH)
    if args.cmd == "add":
        queue.enqueue(args.repo, args.command)
        log.info("queued %r for %s", args.command, args.repo)
        return 0

    jobs = queue.pending(args.repo_filter)[: args.max_jobs]
    log.info("%d job(s) pending", len(jobs))
    summary = {}
    for job_id, repo, command in jobs:
        log.info("[%d] %s: %s", job_id, repo, command)
        status, output = run_job(repo, command, args.timeout)
        queue.finish(job_id, status, output)
        summary[status] = summary.get(status, 0) + 1
    log.info("finished: %s", ", ".join(f"{k}={v}" for k, v in sorted(summary.items())) or "nothing")
    return 0 if summary.get("failed", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
