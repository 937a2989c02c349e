#!/usr/bin/env python3
"""Upload ice resurfacer run logs to the rink ops API.

The dock logger writes one CSV per resurfacing run into ./runs. This script
summarises each new run (duration, water used, blade height), posts it to
the ops API with the venue's API key, attaches the raw CSV base64-encoded,
and remembers what it has sent so reruns don't duplicate entries.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("resurfacer-upload")

API_BASE = os.environ.get("RINK_OPS_API", "https://ops.example.com/api/v2")
STATE_FILE = Path(".upload_state.json")
CACHE_DIR = Path(".upload_cache")


def file_key(path):
    """Cache key for a run file: name plus content digest."""
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return f"{path.name}:{digest}"


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"sent": []}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=1))
    os.chmod(STATE_FILE, 0o600)


def summarise(path):
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    if not rows:
        return None
    t0, t1 = float(rows[0]["t"]), float(rows[-1]["t"])
    water = sum(float(r.get("water_l", 0) or 0) for r in rows)
    heights = [float(r["blade_mm"]) for r in rows if r.get("blade_mm")]
    return {
        "run": path.stem,
        "machine": rows[0].get("machine", "unknown"),
        "duration_s": round(t1 - t0, 1),
        "water_l": round(water, 1),
        "blade_mm_avg": round(sum(heights) / len(heights), 2) if heights else None,
        "samples": len(rows),
    }


class OpsClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-API-Key": api_key, "User-Agent": "resurfacer-upload/1.2"})
        self.timeout = timeout

    def healthy(self):
        try:
            r = self.session.head(f"{self.base}/health", timeout=self.timeout)
            return r.status_code < 500
        except requests.RequestException:
            return False

    def post_run(self, summary, raw_bytes):
        body = dict(summary)
        body["raw_csv_b64"] = base64.b64encode(raw_bytes).decode("ascii")
        r = self.session.post(f"{self.base}/resurfacer/runs", json=body, timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def clear_cache():
    # staging copies from earlier versions of this script
    if CACHE_DIR.is_dir():
        for f in CACHE_DIR.iterdir():
            if f.is_file():
                f.unlink()
        CACHE_DIR.rmdir()


def main():
    ap = argparse.ArgumentParser(description="Upload resurfacer run logs")
    ap.add_argument("--runs", default="runs")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("RINK_OPS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("RINK_OPS_API_KEY is not set")
        return 1
    client = OpsClient(API_BASE, api_key or "")
    if not args.dry_run and not client.healthy():
        LOG.error("ops API not reachable at %s", API_BASE)
        return 1

    state = load_state()
    sent = set(state["sent"])
    uploaded = 0
    for path in sorted(Path(args.runs).glob("*.csv")):
        key = file_key(path)
        if key in sent:
            continue
        summary = summarise(path)
        if summary is None:
            LOG.warning("empty run file %s", path.name)
            continue
        if args.dry_run:
            LOG.info("would upload %s", json.dumps(summary))
            continue
        try:
            client.post_run(summary, path.read_bytes())
        except requests.RequestException as exc:
            LOG.error("upload of %s failed: %s", path.name, exc)
            continue
        sent.add(key)
        uploaded += 1
    if not args.dry_run:
        state["sent"] = sorted(sent)
        save_state(state)
        clear_cache()
    LOG.info("uploaded %d run(s)", uploaded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
