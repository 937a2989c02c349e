#!/usr/bin/env python3
"""Still house readings uploader.

Sends batches of still temperature readings from the local CSV log to the
distillery's process telemetry service, so the production manager can see
the stills from head office. Keeps track of the last uploaded row in a
small state file in the working directory.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("uploader")

API_URL = os.environ.get("TELEMETRY_URL", "https://telemetry.example.com/v1/readings")
STATE_FILE = Path(".uploader_state.json")
BATCH = 200


def api_key():
    key = os.environ.get("TELEMETRY_API_KEY")
    if not key:
        raise SystemExit("TELEMETRY_API_KEY is not set")
    return key


def read_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {"last_ts": 0}


def write_state(state):
    # write atomically so a power cut never leaves half a state file
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".uploader_state.", suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(state, fh)
    os.chmod(tmp, 0o600)
    os.replace(tmp, STATE_FILE)


def pending_rows(csv_path: Path, since: int):
    with csv_path.open(newline="") as fh:
        for rec in csv.DictReader(fh):
            ts = int(rec.pop("timestamp"))
            if ts > since:
                yield {"ts": ts, "values": {k: float(v) for k, v in rec.items() if v}}


class TelemetryClient:
    def __init__(self, url, key, site):
        self.url = url
        self.site = site
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}"})

    def send(self, rows):
        body = {"site": self.site, "source": "still_house", "readings": rows}
        for attempt in range(3):
            try:
                r = self.session.post(self.url, json=body, timeout=15)
                r.raise_for_status()
                return True
            except requests.RequestException as exc:
                log.warning("upload attempt %d failed: %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        return False


def main():
    parser = argparse.ArgumentParser(description="Upload still readings")
    parser.add_argument("--csv", default="still_temps.csv", type=Path)
    parser.add_argument("--site", default="glen-example")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = TelemetryClient(API_URL, api_key(), args.site)
    state = read_state()
    batch, sent = [], 0
    for row in pending_rows(args.csv, state["last_ts"]):
        batch.append(row)
        if len(batch) >= BATCH:
            if not client.send(batch):
                break
            state["last_ts"] = batch[-1]["ts"]
            sent += len(batch)
            batch = []
    if batch and client.send(batch):
        state["last_ts"] = batch[-1]["ts"]
        sent += len(batch)

    write_state(state)
    log.info("uploaded %d readings", sent)


if __name__ == "__main__":
    main()
