#!/usr/bin/env python3
"""Upload ablation-stake readings to the expedition data API.

Readings are typed into stakes.csv on the laptop each evening. New rows are
posted as JSON to the data API when the uplink is up; the last uploaded row
is remembered in a small state file so nothing is sent twice.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("stakes")

API = {
    "host": "data.example.com",
    "path": "/v2/mass-balance/stakes",
    "key_var": "GLACIER_API_KEY",
}
STATE = Path(".stakes_upload_state.json")


def api_url():
    return "https://%s%s" % (API["host"], API["path"])


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"last_row": 0}


def save_state(state):
    STATE.write_text(json.dumps(state))
    os.chmod(STATE, 0o600)


def read_rows(path, start):
    rows = []
    with open(path, newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh), 1):
            if i <= start:
                continue
            try:
                rows.append({
                    "row": i,
                    "stake": row["stake_id"].strip(),
                    "date": row["date"].strip(),
                    "exposure_cm": float(row["exposure_cm"]),
                    "observer": row.get("observer", "").strip(),
                })
            except (KeyError, ValueError) as exc:
                LOG.warning("row %d skipped: %s", i, exc)
    return rows


class Uploader:
    def __init__(self, key, timeout, batch):
        self.key = key
        self.timeout = timeout
        self.batch = batch

    def post(self, items):
        body = json.dumps({"readings": items}).encode()
        req = urllib.request.Request(api_url(), data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer " + self.key,
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status

    def run(self, rows, state):
        for i in range(0, len(rows), self.batch):
            chunk = rows[i:i + self.batch]
            for attempt in range(3):
                try:
                    self.post(chunk)
                    break
                except (urllib.error.URLError, OSError) as exc:
                    LOG.warning("batch at row %d failed (%s), retry %d", chunk[0]["row"], exc, attempt + 1)
                    time.sleep(5 * (attempt + 1))
            else:
                return False
            state["last_row"] = chunk[-1]["row"]
            save_state(state)
            LOG.info("uploaded rows %d-%d", chunk[0]["row"], chunk[-1]["row"])
        return True


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", default="stakes.csv")
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--timeout", type=float, default=30.0)
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    key = os.environ.get(API["key_var"])
    if not key:
        LOG.error("set %s first", API["key_var"])
        return 2
    state = load_state()
    rows = read_rows(args.csv, state["last_row"])
    if not rows:
        LOG.info("nothing new to upload")
        return 0
    ok = Uploader(key, args.timeout, args.batch).run(rows, state)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
