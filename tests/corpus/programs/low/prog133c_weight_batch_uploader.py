#!/usr/bin/env python3
"""Hive weight batch uploader.

Nodes without a steady uplink log readings to CSV files in the working
directory. When the volunteer brings the node in range of the farmhouse
wifi this uploads the backlog to the cooperative's readings API.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("uploader")

API_BASE = "https://api.example.com/v1"
STATE_FILE = Path(".uploader_state.json")
CACHE_DIR = Path(".upload_cache")
BATCH_SIZE = 200


def api_key():
    key = os.environ.get("HIVE_API_KEY")
    if not key:
        sys.exit("HIVE_API_KEY is not set")
    return key


def cache_key(path):
    # cache by file content so renamed files aren't re-sent
    return hashlib.md5(path.read_bytes()).hexdigest()


class State:
    def __init__(self, path):
        self.path = path
        self.done = set()
        if path.exists():
            self.done = set(json.loads(path.read_text()).get("done", []))

    def save(self):
        self.path.write_text(json.dumps({"done": sorted(self.done)}))
        os.chmod(self.path, 0o600)


def read_rows(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {"hive": row["hive"], "ts": row["timestamp"], "grams": float(row["grams"])}
            except (KeyError, ValueError):
                log.debug("bad row in %s: %r", path, row)


class Uploader:
    def __init__(self, key):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}"})

    def reachable(self):
        try:
            return self.session.get(f"{API_BASE}/health", timeout=5).ok
        except requests.RequestException:
            return False

    def send(self, rows):
        for i in range(0, len(rows), BATCH_SIZE):
            chunk = rows[i:i + BATCH_SIZE]
            resp = self.session.post(f"{API_BASE}/readings", json={"readings": chunk}, timeout=20)
            resp.raise_for_status()


def clear_cache():
    # scratch copies from earlier runs; safe to drop
    for p in CACHE_DIR.glob("*.json"):
        p.unlink()


def main():
    ap = argparse.ArgumentParser(description="Upload buffered hive weight readings")
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--clean", action="store_true", help="remove the upload cache afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = args.files or sorted(Path(".").glob("readings_*.csv"))
    state = State(STATE_FILE)
    up = Uploader(api_key())
    if not up.reachable():
        log.error("readings API not reachable, try again later")
        return 1

    CACHE_DIR.mkdir(exist_ok=True)
    sent = 0
    for f in files:
        key = cache_key(f)
        if key in state.done:
            continue
        rows = list(read_rows(f))
        (CACHE_DIR / f"{key}.json").write_text(json.dumps(rows))
        try:
            up.send(rows)
        except requests.RequestException as exc:
            log.error("upload of %s failed: %s", f, exc)
            break
        state.done.add(key)
        sent += len(rows)
        log.info("%s: %d readings uploaded", f.name, len(rows))
    state.save()
    if args.clean:
        clear_cache()
    log.info("uploaded %d readings", sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
