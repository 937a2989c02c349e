#!/usr/bin/env python3
"""Uploads RFID gate reads to the linen tracking API.

The soil-room and clean-room gate readers write their reads to CSV files in
the working directory. This batches unsent reads and posts them to the
tracking API, remembering what has been sent in a small state file.
"""

import argparse
import csv
import glob
import json
import logging
import os
import sys
import time

import requests

log = logging.getLogger("rfid_upload")

API_URL = os.environ.get("LINEN_API_URL", "https://linen-tracking.example.com/api/v1/reads")
STATE_FILE = "upload_state.json"


class State:
    def __init__(self, path):
        self.path = path
        self.done = {}
        if os.path.exists(path):
            with open(path) as fh:
                self.done = json.load(fh)

    def offset(self, name):
        return self.done.get(name, 0)

    def mark(self, name, rows):
        self.done[name] = rows

    def save(self):
        tmp = self.path + ".part"
        with open(tmp, "w") as fh:
            json.dump(self.done, fh)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)


class TrackingClient:
    def __init__(self, url, api_key, timeout=15):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer " + api_key,
                                     "Content-Type": "application/json"})
        self.timeout = timeout

    def post_batch(self, reads, retries=3):
        for attempt in range(1, retries + 1):
            try:
                r = self.session.post(self.url, data=json.dumps({"reads": reads}),
                                      timeout=self.timeout)
                r.raise_for_status()
                return r.json().get("accepted", len(reads))
            except requests.RequestException as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
        raise RuntimeError("giving up after %d attempts" % retries)


def read_new_rows(path, skip):
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    new = [{"epc": r["epc"], "gate": r["gate"], "ts": r["timestamp"],
            "direction": r.get("direction", "in")} for r in rows[skip:]]
    return new, len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pattern", default="gate_*.csv")
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("LINEN_API_KEY")
    if not api_key:
        log.error("LINEN_API_KEY is not set")
        return 1

    client = TrackingClient(API_URL, api_key)
    state = State(STATE_FILE)
    for path in sorted(glob.glob(args.pattern)):
        name = os.path.basename(path)
        try:
            new, total = read_new_rows(path, state.offset(name))
        except (OSError, KeyError) as exc:
            log.error("cannot read %s: %s", path, exc)
            continue
        for i in range(0, len(new), args.batch):
            accepted = client.post_batch(new[i:i + args.batch])
            log.info("%s: %d reads accepted", name, accepted)
        state.mark(name, total)
        state.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
