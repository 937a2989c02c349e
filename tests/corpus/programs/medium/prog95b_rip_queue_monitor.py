#!/usr/bin/env python3
"""RIP queue monitor for the print room.

Polls the CUPS queues that front the RIP workstations and records what it
sees in a small SQLite file so the morning shift can see which jobs sat
overnight. Optionally writes a JSON snapshot for the wallboard.
"""
import argparse
import configparser
import json
import logging
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("ripq")

DEFAULTS = {
    "queues": "latex570,surecolor_s80600,mutoh_vj1638",
    "poll_seconds": "20",
    "db": "ripq_state.sqlite3",
    "stale_minutes": "45",
    "snapshot": "wallboard.json",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        LOG.info("loaded %s", path)
    return cp["agent"]


def lpstat_jobs(queue):
    """Return the pending jobs of one queue as dicts."""
    try:
        out = subprocess.run(["lpstat", "-o", queue], capture_output=True,
                             text=True, timeout=15, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.warning("lpstat failed for %s: %s", queue, exc)
        return []
    jobs = []
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) < 4:
            continue
        size = int(parts[2]) if parts[2].isdigit() else 0
        jobs.append({"id": parts[0], "user": parts[1], "size": size,
                     "submitted": " ".join(parts[3:])})
    return jobs


class StateStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path, check_same_thread=False)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, queue TEXT,"
            " user TEXT, size INTEGER, first_seen REAL, last_seen REAL)")
        self.lock = threading.Lock()

    def upsert(self, queue, job):
        now = time.time()
        with self.lock:
            self.conn.execute(
                "INSERT INTO jobs VALUES (?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE"
                " SET last_seen=excluded.last_seen",
                (job["id"], queue, job["user"], job["size"], now, now))
            self.conn.commit()

    def stale(self, older_than):
        with self.lock:
            cur = self.conn.execute(
                "SELECT id, queue, user, last_seen - first_seen FROM jobs"
                " WHERE last_seen - first_seen > ?", (older_than,))
            return cur.fetchall()


def poll_once(cfg, store):
    summary = {}
    for queue in [q.strip() for q in cfg["queues"].split(",") if q.strip()]:
        jobs = lpstat_jobs(queue)
        for job in jobs:
            store.upsert(queue, job)
        summary[queue] = len(jobs)
    return summary


def write_snapshot(path, summary, stale_rows):
    doc = {
        "generated": time.strftime("%Y-%m-%d %H:%M:%S"),
        "depth": summary,
        "stale": [{"job": j, "queue": q, "user": u, "minutes": round(a / 60)}
                  for j, q, u, a in stale_rows],
    }
    tmp = Path(path).with_suffix(".part")
    tmp.write_text(json.dumps(doc, indent=2))
    tmp.replace(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="ripq.ini")
    ap.add_argument("--once", action="store_true", help="poll one time and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    store = StateStore(cfg["db"])
    stale_after = cfg.getint("stale_minutes") * 60
    while True:
        summary = poll_once(cfg, store)
        LOG.info("queue depth %s", json.dumps(summary))
        stale_rows = store.stale(stale_after)
        for job_id, queue, user, age in stale_rows:
            LOG.warning("job %s on %s (%s) waiting %.0f min", job_id, queue,
                        user, age / 60)
        if cfg.get("snapshot"):
            try:
                write_snapshot(cfg["snapshot"], summary, stale_rows)
            except OSError as exc:
                LOG.error("snapshot not written: %s", exc)
        if args.once:
            break
        time.sleep(cfg.getint("poll_seconds"))


if __name__ == "__main__":
    main()
