#!/usr/bin/env python3
"""Push a per-vehicle health summary to the fleet management API.

Reads the latest flight summaries that the logger drops into ./summaries and
reports battery cycles, motor hours and error counts for each airframe.
The API token comes from the FLEET_API_TOKEN environment variable.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

FLEET_API = "https://fleet.aerolab-robotics.com/api/v2"
log = logging.getLogger("fleet-health")


class FleetClient:
    def __init__(self, base_url, token, timeout=10.0):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "fleet-health/1.4",
        })
        self.timeout = timeout

    def post_health(self, vehicle_id, body):
        url = f"{self.base_url}/vehicles/{vehicle_id}/health"
        resp = self.session.post(url, json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def ping(self):
        return self.session.head(f"{self.base_url}/status", timeout=self.timeout).ok


def aggregate(summary_dir):
    per_vehicle = {}
    for path in sorted(summary_dir.glob("*.json")):
        try:
            rec = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skip %s: %s", path.name, exc)
            continue
        vid = rec.get("vehicle_id")
        if not vid:
            continue
        agg = per_vehicle.setdefault(vid, {"flights": 0, "motor_hours": 0.0,
                                           "errors": 0, "battery_cycles": 0})
        agg["flights"] += 1
        agg["motor_hours"] += rec.get("flight_time_s", 0) / 3600.0
        agg["errors"] += len(rec.get("errors", []))
        agg["battery_cycles"] = max(agg["battery_cycles"], rec.get("battery_cycles", 0))
    return per_vehicle


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--summaries", type=Path, default=Path("summaries"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("FLEET_API_TOKEN")
    if not token and not args.dry_run:
        log.error("FLEET_API_TOKEN not set")
        return 2

    report = aggregate(args.summaries)
    if not report:
        log.info("nothing to report")
        return 0
    if args.dry_run:
        print(json.dumps(report, indent=2))
        return 0

    client = FleetClient(FLEET_API, token)
    if not client.ping():
        log.warning("fleet API status check failed, trying anyway")
    failures = 0
    for vid, body in report.items():
        body["motor_hours"] = round(body["motor_hours"], 2)
        body["reported_at"] = int(time.time())
        for attempt in range(1, args.retries + 1):
            try:
                client.post_health(vid, body)
                log.info("reported %s", vid)
                break
            except requests.RequestException as exc:
                log.warning("%s attempt %d failed: %s", vid, attempt, exc)
                time.sleep(2 ** attempt)
        else:
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
