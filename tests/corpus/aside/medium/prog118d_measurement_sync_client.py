#!/usr/bin/env python3
"""Sync customer measurement records from the fitting-room tablet to the
back-office MeasureBook server.

The fitting room keeps measurements (chest, waist, inside leg, sleeve, neck,
shoe size and width for the cobbler side) in a local SQLite file.  This tool
pushes new or changed records to the MeasureBook server on the back-office
NAS in batches, and keeps a high-water mark so each run only sends what
changed.

The NAS serves a self-signed certificate, so TLS verification is off unless
"verify_tls" is set to true in measure_sync.json.
"""

import argparse
import datetime as dt
import json
import logging
import os
import platform
import sqlite3
import sys
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("measure-sync")

CONFIG_FILE = Path("measure_sync.json")
STATE_FILE = Path(".measure_sync_state.json")
BATCH = 100


def load_config():
    cfg = {"api_base": "https://nas.backoffice.example.net:8443/v1", "verify_tls": False}
    if CONFIG_FILE.exists():
        cfg.update(json.loads(CONFIG_FILE.read_text()))
    return cfg


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_modified": "1970-01-01T00:00:00"}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def changed_records(db_path, since):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    try:
        cur = con.execute(
            "SELECT * FROM measurements WHERE modified > ? ORDER BY modified",
            (since,),
        )
        for row in cur:
            yield dict(row)
    finally:
        con.close()


def client_info():
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "os": platform.platform(),
        "tool_version": "2.4.1",
    }


class MeasureBookClient:
    def __init__(self, api_base, api_key, shop_id, verify):
        self.api_base = api_base
        self.s = requests.Session()
        self.s.verify = verify
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        self.s.headers.update({
            "Authorization": f"Bearer {api_key}",
            "X-Shop-Id": shop_id,
            "User-Agent": "measure-sync/2.4.1",
        })

    def push(self, records, info=None):
        body = {"records": records, "sent_at": dt.datetime.utcnow().isoformat()}
        if info is not None:
            body["client"] = info
        for attempt in range(1, 4):
            try:
                r = self.s.post(f"{self.api_base}/measurements/batch", json=body, timeout=30)
                if r.status_code == 429:
                    time.sleep(int(r.headers.get("Retry-After", 5)))
                    continue
                r.raise_for_status()
                return r.json().get("accepted", len(records))
            except requests.RequestException as exc:
                log.warning("batch push failed (attempt %d): %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("giving up after 3 attempts")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push measurement records to MeasureBook")
    ap.add_argument("--db", default="fitting_room.sqlite3")
    ap.add_argument("--shop", default=os.environ.get("SHOP_ID", "tailor-main"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("MEASUREBOOK_KEY")
    if not api_key:
        log.error("MEASUREBOOK_KEY is not set")
        return 2

    cfg = load_config()
    state = load_state()
    try:
        records = list(changed_records(args.db, state["last_modified"]))
    except sqlite3.Error as exc:
        log.error("cannot read %s: %s", args.db, exc)
        return 1

    if not records:
        log.info("nothing to sync")
        return 0
    if args.dry_run:
        log.info("would push %d records", len(records))
        return 0

    client = MeasureBookClient(cfg["api_base"], api_key, args.shop, bool(cfg["verify_tls"]))
    info = client_info()
    total = 0
    for i in range(0, len(records), BATCH):
        chunk = records[i:i + BATCH]
        total += client.push(chunk, info=info)
        info = None
        state["last_modified"] = chunk[-1]["modified"]
        save_state(state)

    log.info("synced %d measurement records", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
