#!/usr/bin/env python3
"""Push training metrics from a local JSONL log to the team's experiment tracker.

The trainer appends one JSON object per step to runs/<run>/metrics.jsonl.
This reporter batches new lines and posts them to the tracker's REST API,
authenticating with TRACKLY_API_KEY from the environment.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

TRACKER_API = "https://api.trackly.io/v2"
log = logging.getLogger("metrics-reporter")


class TrackerClient:
    def __init__(self, api_key: str, project: str):
        self.project = project
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def ensure_run(self, run_name: str, config: dict) -> str:
        resp = self.session.post(f"{TRACKER_API}/projects/{self.project}/runs",
                                 json={"name": run_name, "config": config}, timeout=20)
        resp.raise_for_status()
        return resp.json()["id"]

    def push(self, run_id: str, rows: list) -> None:
        resp = self.session.post(f"{TRACKER_API}/runs/{run_id}/metrics",
                                 json={"rows": rows}, timeout=20)
        if resp.status_code == 429:
            wait = int(resp.headers.get("Retry-After", "5"))
            log.warning("rate limited, sleeping %ss", wait)
            time.sleep(wait)
            resp = self.session.post(f"{TRACKER_API}/runs/{run_id}/metrics",
                                     json={"rows": rows}, timeout=20)
        resp.raise_for_status()


def read_new_rows(path: Path, offset: int):
    rows = []
    with path.open("r", encoding="utf-8") as fh:
        fh.seek(offset)
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                log.debug("skipping partial line")
        return rows, fh.tell()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--project", default="vision-pretrain")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--follow", action="store_true", help="keep tailing the log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("TRACKLY_API_KEY")
    if not api_key:
        log.error("TRACKLY_API_KEY is not set")
        return 2

    config_path = args.run_dir / "config.json"
    config = json.loads(config_path.read_text()) if config_path.exists() else {}
    client = TrackerClient(api_key, args.project)
    run_id = client.ensure_run(args.run_dir.name, config)
    log.info("reporting to run %s", run_id)

    offset, metrics = 0, args.run_dir / "metrics.jsonl"
    while True:
        rows, offset = read_new_rows(metrics, offset)
        for i in range(0, len(rows), args.batch):
            client.push(run_id, rows[i:i + args.batch])
        if rows:
            log.info("pushed %d rows (offset %d)", len(rows), offset)
        if not args.follow:
            break
        time.sleep(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
