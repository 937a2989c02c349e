#!/usr/bin/env python3
"""Upload annealer temperature logs to the kiln-monitoring service.

Reads the CSV logs the controllers drop in ./kiln_logs and posts new
readings to the vendor's hosted dashboard API.
"""
import argparse
import asyncio
import csv
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("kiln-upload")

API_BASE = os.environ.get("KILNLOG_API", "https://api.kilnlog.example.com/v2")
STATE_FILE = Path(".kiln_upload_state.json")


@dataclass
class Reading:
    kiln: str
    ts: str
    temp_c: float
    setpoint_c: float


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    STATE_FILE.chmod(0o600)


def new_readings(path, since):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row["ts"] > since:
                yield Reading(path.stem, row["ts"], float(row["temp"]), float(row["setpoint"]))


def client(api_key):
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}

    def post(endpoint, payload):
        req = urllib.request.Request(f"{API_BASE}/{endpoint}", data=json.dumps(payload).encode(),
                                     headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status
    return post


async def upload_file(post, path, state):
    since = state.get(path.stem, "")
    batch = [asdict(r) for r in new_readings(path, since)]
    if not batch:
        return 0
    status = await asyncio.to_thread(post, "readings", {"readings": batch})
    if status < 300:
        state[path.stem] = batch[-1]["ts"]
    log.info("%s: %d readings -> %s", path.name, len(batch), status)
    return len(batch)


async def run(log_dir, api_key):
    post = client(api_key)
    state = load_state()
    files = sorted(Path(log_dir).glob("*.csv"))
    counts = await asyncio.gather(*(upload_file(post, f, state) for f in files))
    save_state(state)
    return sum(counts)


def main():
    ap = argparse.ArgumentParser(description="Upload kiln logs to the monitoring API")
    ap.add_argument("--dir", default="kiln_logs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    api_key = os.environ.get("KILNLOG_API_KEY")
    if not api_key:
        log.error("KILNLOG_API_KEY not set")
        return 1
    total = asyncio.run(run(args.dir, api_key))
    log.info("uploaded %d readings", total)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
