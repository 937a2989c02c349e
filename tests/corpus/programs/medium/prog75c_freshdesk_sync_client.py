#!/usr/bin/env python3
"""Mirror Freshdesk tickets into the support data mart.

Runs every few minutes from the ops scheduler. Pulls tickets updated since the
last checkpoint, stores them in SQLite and keeps a size-rotated sync log in
the working directory that the on-call engineer can tail.

Settings (environment or freshdesk_sync.ini [freshdesk] section):
    FRESHDESK_DOMAIN, FRESHDESK_API_KEY, FRESHDESK_VERIFY_TLS (default 0,
    the corporate proxy re-signs traffic), SYNC_DB, SYNC_LOG
"""
import argparse
import configparser
import json
import logging
import logging.handlers
import os
import sqlite3
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("fd-sync")


def settings(ini_path):
    cfg = configparser.ConfigParser()
    cfg.read(ini_path)
    section = cfg["freshdesk"] if cfg.has_section("freshdesk") else {}

    def get(name, default=None):
        return os.environ.get(name) or section.get(name.lower(), default)

    return {
        "domain": get("FRESHDESK_DOMAIN"),
        "api_key": get("FRESHDESK_API_KEY"),
        "verify": get("FRESHDESK_VERIFY_TLS", "0") not in ("0", "false", "no"),
        "db": Path(get("SYNC_DB", "freshdesk_mirror.db")),
        "log": Path(get("SYNC_LOG", "logs/freshdesk_sync.log")),
    }


class FreshdeskMirror:
    def __init__(self, conf):
        self.base = f"https://{conf['domain']}/api/v2"
        self.http = requests.Session()
        self.http.auth = (conf["api_key"], "X")
        self.http.verify = conf["verify"]
        if not conf["verify"]:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        self.db = sqlite3.connect(conf["db"])
        self.db.executescript("""
            CREATE TABLE IF NOT EXISTS tickets (id INTEGER PRIMARY KEY, updated_at TEXT, body TEXT);
            CREATE TABLE IF NOT EXISTS checkpoint (k TEXT PRIMARY KEY, v TEXT);
        """)

    def checkpoint(self):
        row = self.db.execute("SELECT v FROM checkpoint WHERE k = 'updated_since'").fetchone()
        if row:
            return row[0]
        return (datetime.now(timezone.utc) - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def save_checkpoint(self, value):
        self.db.execute("INSERT OR REPLACE INTO checkpoint VALUES ('updated_since', ?)", (value,))
        self.db.commit()

    def _get(self, path, params):
        for attempt in range(4):
            resp = self.http.get(self.base + path, params=params, timeout=30)
            if resp.status_code == 429:
                time.sleep(int(resp.headers.get("Retry-After", "30")))
                continue
            resp.raise_for_status()
            return resp.json()
        raise RuntimeError("rate limit did not clear")

    def sync(self):
        since = self.checkpoint()
        newest, count, page = since, 0, 1
        while True:
            batch = self._get("/tickets", {"updated_since": since, "per_page": 100,
                                           "page": page, "order_by": "updated_at",
                                           "order_type": "asc"})
            for t in batch:
                self.db.execute("INSERT OR REPLACE INTO tickets VALUES (?, ?, ?)",
                                (t["id"], t["updated_at"], json.dumps(t)))
                newest = max(newest, t["updated_at"])
                count += 1
            self.db.commit()
            if len(batch) < 100 or page >= 300:
                break
            page += 1
        self.save_checkpoint(newest)
        return count


def setup_logging(log_path, keep=14):
    log_path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        log_path, maxBytes=5 * 1024 * 1024, backupCount=keep, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    root.addHandler(handler)


def main():
    ap = argparse.ArgumentParser(description="Freshdesk -> data mart mirror")
    ap.add_argument("--config", default="freshdesk_sync.ini")
    ap.add_argument("--keep-logs", type=int, default=14)
    args = ap.parse_args()

    conf = settings(args.config)
    setup_logging(conf["log"], args.keep_logs)
    if not conf["domain"] or not conf["api_key"]:
        log.error("FRESHDESK_DOMAIN and FRESHDESK_API_KEY are required")
        return 2

    try:
        count = FreshdeskMirror(conf).sync()
    except (requests.RequestException, RuntimeError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    log.info("mirrored %d tickets", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
