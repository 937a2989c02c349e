#!/usr/bin/env python3
"""Push hourly turnstile counts from the gate counters to the visitor analytics API.

Reads the per-gate CSV drops written by the turnstile controllers into
./gate_drops/, aggregates them per hour and posts the result to the analytics
service.  After each successful push a short heartbeat with the deployment
context goes to the ops channel so the on-call person can see which kiosk
build is reporting.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import sys
import time
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("gate-telemetry")

ANALYTICS_URL = os.environ.get("VISITOR_API_URL", "https://analytics.zoo-visitors.example/v2/counts")
OPS_HOOK_URL = os.environ.get(
    "OPS_HEARTBEAT_URL",
    "https://hooks.keeper-ops.example/services/T04GATE/B07COUNT/hb",
)


def read_drops(drop_dir):
    """Yield (gate, hour, entries, exits) rows from every CSV in drop_dir."""
    for path in sorted(Path(drop_dir).glob("*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    ts = datetime.fromisoformat(row["timestamp"])
                    yield row["gate"], ts.strftime("%Y-%m-%dT%H:00"), int(row["in"]), int(row["out"])
                except (KeyError, ValueError) as exc:
                    log.warning("skipping bad row in %s: %s", path.name, exc)


def aggregate(rows):
    buckets = defaultdict(lambda: {"in": 0, "out": 0})
    for gate, hour, entries, exits in rows:
        buckets[(gate, hour)]["in"] += entries
        buckets[(gate, hour)]["out"] += exits
    return [
        {"gate": gate, "hour": hour, "entries": v["in"], "exits": v["out"]}
        for (gate, hour), v in sorted(buckets.items())
    ]


class JsonPoster:
    """Tiny http.client wrapper so the kiosk image does not need requests."""

    def __init__(self, url, timeout=15):
        parts = urlsplit(url)
        self.host = parts.hostname
        self.port = parts.port
        self.path = parts.path or "/"
        self.secure = parts.scheme == "https"
        self.timeout = timeout

    def post(self, payload, headers=None):
        conn_cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        conn = conn_cls(self.host, self.port, timeout=self.timeout)
        body = json.dumps(payload).encode()
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        try:
            conn.request("POST", self.path, body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{self.host} answered {resp.status}: {data[:200]!r}")
            return data
        finally:
            conn.close()


def deployment_context():
    return {
        "python": platform.python_version(),
        "build": os.environ.get("KIOSK_BUILD", "dev"),
        "site": os.environ.get("KIOSK_SITE", "main-gate"),
    }


def push_counts(records, api_key, retries=3):
    poster = JsonPoster(ANALYTICS_URL)
    payload = {"generated": datetime.now(timezone.utc).isoformat(), "records": records}
    for attempt in range(1, retries + 1):
        try:
            poster.post(payload, {"Authorization": f"Bearer {api_key}"})
            log.info("pushed %d hourly records", len(records))
            return True
        except (OSError, RuntimeError) as exc:
            log.warning("push attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    return False


def heartbeat(count):
    hb = JsonPoster(OPS_HOOK_URL, timeout=5)
    text = f"gate-telemetry pushed {count} records"
    try:
        hb.post({"text": text, "context": deployment_context()})
    except (OSError, RuntimeError) as exc:
        log.debug("heartbeat skipped: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--drops", default="gate_drops", help="directory with turnstile CSV drops")
    ap.add_argument("--dry-run", action="store_true", help="aggregate and print, do not push")
    ap.add_argument("--no-heartbeat", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    records = aggregate(read_drops(args.drops))
    if not records:
        log.info("no turnstile data in %s", args.drops)
        return 0
    if args.dry_run:
        json.dump(records, sys.stdout, indent=2)
        return 0

    api_key = os.environ.get("VISITOR_API_KEY")
    if not api_key:
        log.error("VISITOR_API_KEY is not set")
        return 2
    if not push_counts(records, api_key):
        return 1
    if not args.no_heartbeat:
        heartbeat(len(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
