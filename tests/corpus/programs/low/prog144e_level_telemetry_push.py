#!/usr/bin/env python3
"""Push water level readings from the cabin logger to the telemetry API.

The cabin logger writes one CSV row per reading into ./readings. This script
checks the API is up, batches unsent rows into JSON, posts them with the
site's API key, and records the last sent timestamp so rows are not resent.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("level_push")

API_BASE = os.environ.get("LEVEL_API", "https://telemetry.example.com/api/v1")
STATE_FILE = Path("./.push_state.json")
BATCH = 200


class TelemetryClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "canal-level-push/1.2"})
        self.timeout = timeout

    def healthy(self):
        try:
            resp = self.session.head(f"{self.base}/health", timeout=self.timeout)
            return resp.status_code < 400
        except requests.RequestException as exc:
            log.warning("health check failed: %s", exc)
            return False

    def send(self, site, rows):
        payload = {"site": site, "readings": rows}
        resp = self.session.post(f"{self.base}/readings", json=payload, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("stored", len(rows))


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file unreadable, starting over")
    return {"last_ts": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state))


def unsent_rows(folder, last_ts):
    rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        with open(path, newline="") as fh:
            for r in csv.DictReader(fh):
                try:
                    ts = float(r["ts"])
                    level = float(r["level_m"])
                except (KeyError, ValueError):
                    continue
                if ts > last_ts:
                    rows.append({"ts": ts, "gauge": r.get("gauge", "main"), "level_m": level})
    rows.sort(key=lambda x: x["ts"])
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", default=os.environ.get("SITE_ID", "lock-21"))
    parser.add_argument("--folder", default="./readings")
    parser.add_argument("--retries", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("LEVEL_API_KEY")
    if not key:
        log.error("LEVEL_API_KEY is not set")
        return 2

    client = TelemetryClient(API_BASE, key)
    if not client.healthy():
        log.error("telemetry API not reachable; will try next run")
        return 1

    state = load_state()
    rows = unsent_rows(args.folder, state["last_ts"])
    log.info("%d readings to send", len(rows))
    for i in range(0, len(rows), BATCH):
        chunk = rows[i:i + BATCH]
        for attempt in range(1, args.retries + 1):
            try:
                stored = client.send(args.site, chunk)
                state["last_ts"] = chunk[-1]["ts"]
                save_state(state)
                log.info("batch %d: stored %d", i // BATCH + 1, stored)
                break
            except requests.RequestException as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(2 ** attempt)
        else:
            log.error("giving up after %d attempts", args.retries)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
