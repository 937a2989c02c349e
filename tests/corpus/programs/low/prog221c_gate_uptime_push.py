#!/usr/bin/env python3
"""Read gate heartbeat records from a pipe and push an hourly uptime summary
to the resort operations dashboard API.

Typical use from the lift-shack PC:

    cat heartbeats/*.jsonl | OPS_API_KEY=... ./gate_uptime_push.py --hour 09

Summaries are also kept locally (owner-only permissions) and a cache keyed
by an MD5 of the input avoids re-posting the same hour twice.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.request
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("uptime-push")

API_URL = "https://ops-dashboard.example.org/api/v1/gate-uptime"
OUT_DIR = Path("./uptime")
CACHE_DIR = Path("./.uptime_cache")


class UptimeSummary:
    def __init__(self, expected_per_hour=60):
        self.expected = expected_per_hour
        self.beats = defaultdict(int)
        self.errors = defaultdict(int)

    def feed(self, rec):
        gate = rec.get("gate")
        if not gate:
            return
        self.beats[gate] += 1
        if rec.get("state") not in ("ok", "idle"):
            self.errors[gate] += 1

    def as_dict(self, hour):
        gates = {}
        for gate, n in sorted(self.beats.items()):
            gates[gate] = {
                "heartbeats": n,
                "uptime_pct": round(min(100.0, 100.0 * n / self.expected), 1),
                "error_beats": self.errors.get(gate, 0),
            }
        return {"hour": hour, "gates": gates}


def read_records(stream):
    for lineno, line in enumerate(stream, 1):
        line = line.strip()
        if not line:
            continue
        try:
            yield json.loads(line)
        except json.JSONDecodeError:
            LOG.warning("line %d: not JSON, skipped", lineno)


def post(summary, key, timeout=15):
    req = urllib.request.Request(
        API_URL, data=json.dumps(summary).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hour", required=True, help="hour of day, 00-23")
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raw = sys.stdin.read()
    cache_key = hashlib.md5(raw.encode()).hexdigest()
    CACHE_DIR.mkdir(exist_ok=True)
    marker = CACHE_DIR / f"{args.hour}-{cache_key}.done"

    summ = UptimeSummary()
    for rec in read_records(raw.splitlines()):
        summ.feed(rec)
    data = summ.as_dict(args.hour)
    LOG.info("%d gates in hour %s", len(data["gates"]), args.hour)

    OUT_DIR.mkdir(exist_ok=True)
    out = OUT_DIR / f"uptime_{args.hour}.json"
    out.write_text(json.dumps(data, indent=2))
    os.chmod(out, 0o600)

    if args.no_post or marker.exists():
        LOG.info("not posting (%s)", "cached" if marker.exists() else "--no-post")
        return 0
    key = os.environ.get("OPS_API_KEY")
    if not key:
        LOG.error("OPS_API_KEY not set; summary kept in %s", out)
        return 2
    try:
        status = post(data, key)
    except OSError as exc:
        LOG.error("post failed: %s", exc)
        return 1
    marker.touch()
    LOG.info("posted, HTTP %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
