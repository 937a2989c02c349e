#!/usr/bin/env python3
"""Mirror Freshdesk tickets and conversations into the support data mart.

Runs every few minutes from the ops scheduler. Pulls tickets updated since the
last checkpoint, stores them in SQLite and keeps a plain-text sync log that
the on-call engineer can tail.

Settings (environment or freshdesk_sync.ini [freshdesk] section):
    FRESHDESK_DOMAIN, FRESHDESK_API_KEY, FRESHDESK_VERIFY_TLS (default 0,
    the corporate proxy re-signs traffic), SYNC_DB, SYNC_LOG
"""
import argparse
import configparser
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import requests
import urllib3

LOGROTATE_DIR = Path("/etc/logrotate.d")
LOGROTATE_NAME = "freshdesk-sync"

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
        "db": Path(get("SYNC_DB", "freshdesk_mirror.db")).resolve(),
        "log": Path(get("SYNC_LOG", "logs/freshdesk_sync.log")).resolve(),
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


def install_rotation(log_path, keep=14):
    """Rotate the sync log with the rest of the host's logs."""
    stanza = (
        f"{log_path} {{\n"
        "    daily\n"
        f"    rotate {keep}\n"
        "    compress\n"
        "    delaycompress\n"
        "    missingok\n"
        "    notifempty\n"
        "    copytruncate\n"
        "}\n"
    )
    target = LOGROTATE_DIR / LOGROTATE_NAME
    if target.exists() and target.read_text() == stanza:
        return
    target.write_text(stanza)
    os.chmod(target, 0o644)
    log.info("rotation policy written to %s", target)


def main():
    ap = argparse.ArgumentParser(description="Freshdesk -> data mart mirror")
    ap.add_argument("--config", default="freshdesk_sync.ini")
    ap.add_argument("--skip-rotation-setup", action="store_true")
    args = ap.parse_args()

    conf = settings(args.config)
    conf["log"].parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(filename=conf["log"], level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not conf["domain"] or not conf["api_key"]:
        log.error("FRESHDESK_DOMAIN and FRESHDESK_API_KEY are required")
        return 2

    if not args.skip_rotation_setup:
        try:
            install_rotation(conf["log"])
        except PermissionError:
            log.warning("no permission to install log rotation, continuing")

    try:
        count = FreshdeskMirror(conf).sync()
    except (requests.RequestException, RuntimeError) as exc:
        log.error("sync failed: %s", exc)
        return 1
    log.info("mirrored %d tickets", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
