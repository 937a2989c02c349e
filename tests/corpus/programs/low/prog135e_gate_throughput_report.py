#!/usr/bin/env python3
"""Gate throughput report.

After ingress closes, pulls per-gate scan counts from the access-control
API, works out peak throughput per 5-minute bucket and posts a summary back
to the same API so it appears on the safety officer's dashboard.  A copy of
the report is kept locally, readable only by the operator.
"""

import argparse
import datetime as dt
import json
import logging
import os
import sys
from collections import Counter, defaultdict

import requests

log = logging.getLogger("gate-report")

API_BASE = os.environ.get("ACCESS_API", "https://access.example.com/api/v2")
BUCKET_MIN = 5


class AccessClient:
    def __init__(self, base, key, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": key, "Accept": "application/json"})
        self.timeout = timeout

    def scans(self, event_id):
        resp = self.session.get(f"{self.base}/events/{event_id}/scans", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["scans"]

    def ping(self):
        return self.session.head(f"{self.base}/health", timeout=5).ok

    def post_summary(self, event_id, summary):
        resp = self.session.post(f"{self.base}/events/{event_id}/throughput",
                                 json=summary, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def bucket(ts):
    t = dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))
    return t.replace(minute=t.minute - t.minute % BUCKET_MIN, second=0, microsecond=0)


def summarise(scans):
    per_gate = defaultdict(Counter)
    rejected = Counter()
    for s in scans:
        if s.get("result") != "ok":
            rejected[s["gate"]] += 1
            continue
        per_gate[s["gate"]][bucket(s["ts"])] += 1
    out = {}
    for gate, buckets in sorted(per_gate.items()):
        peak_bucket, peak = buckets.most_common(1)[0]
        out[gate] = {
            "admitted": sum(buckets.values()),
            "rejected": rejected[gate],
            "peak_per_min": round(peak / BUCKET_MIN, 1),
            "peak_at": peak_bucket.isoformat(),
        }
    return out


def write_local(summary, event_id):
    path = f"throughput_{event_id}.json"
    with open(path, "w") as fh:
        json.dump(summary, fh, indent=2)
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description="Gate throughput report for an event")
    ap.add_argument("event_id")
    ap.add_argument("--no-post", action="store_true", help="only write the local copy")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("ACCESS_API_KEY")
    if not key:
        log.error("ACCESS_API_KEY is not set")
        return 2
    client = AccessClient(API_BASE, key)

    try:
        if not client.ping():
            log.warning("access API health check failed, trying anyway")
        scans = client.scans(args.event_id)
    except requests.RequestException as exc:
        log.error("could not fetch scans: %s", exc)
        return 1

    summary = summarise(scans)
    for gate, s in summary.items():
        log.info("%-4s admitted %5d  rejected %3d  peak %.1f/min at %s",
                 gate, s["admitted"], s["rejected"], s["peak_per_min"], s["peak_at"])
    log.info("local copy: %s", write_local(summary, args.event_id))

    if not args.no_post:
        try:
            rid = client.post_summary(args.event_id, {"gates": summary})
            log.info("summary posted (id %s)", rid)
        except requests.RequestException as exc:
            log.error("post failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
