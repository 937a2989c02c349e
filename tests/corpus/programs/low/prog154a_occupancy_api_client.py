#!/usr/bin/env python3
"""Publish live pool occupancy to the council's open-data API.

Reads the latest turnstile counts from the CSV the counter agent writes,
works out how many swimmers are currently inside, and posts the figure to
the council's occupancy endpoint so the "how busy is the pool" widget on the
council website stays current.
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

log = logging.getLogger("occupancy-publish")

API_BASE = os.environ.get("OCCUPANCY_API_BASE", "https://api.example.com/leisure/v1")
VENUE_ID = os.environ.get("OCCUPANCY_VENUE", "muni-pool-main")
CAPACITY = {"main": 180, "learner": 40}


def read_counts(path):
    """Sum in/out per turnstile from the latest poll in the CSV."""
    latest = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            latest[row["turnstile"]] = (int(row["in"]), int(row["out"]), int(row["ts"]))
    inside = sum(i - o for i, o, _ in latest.values())
    newest = max((ts for _, _, ts in latest.values()), default=0)
    return max(inside, 0), newest


def _request(method, url, api_key, body=None, timeout=10):
    data = json.dumps(body).encode("utf-8") if body is not None else None
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Accept", "application/json")
    req.add_header("X-Api-Key", api_key)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        payload = resp.read()
    return json.loads(payload) if payload else {}


class OccupancyClient:
    def __init__(self, base, venue, api_key):
        self.base = base.rstrip("/")
        self.venue = venue
        self.api_key = api_key

    def health(self):
        return _request("GET", f"{self.base}/health", self.api_key)

    def publish(self, inside, measured_at):
        total_cap = sum(CAPACITY.values())
        body = {
            "venue": self.venue,
            "inside": inside,
            "capacity": total_cap,
            "percent": round(100 * inside / total_cap, 1),
            "measured_at": measured_at,
        }
        return _request("POST", f"{self.base}/venues/{self.venue}/occupancy",
                        self.api_key, body)


def run_once(client, counts_csv):
    try:
        inside, measured = read_counts(counts_csv)
    except FileNotFoundError:
        log.error("counts file %s missing", counts_csv)
        return False
    if time.time() - measured > 600:
        log.warning("counts are stale (%ds old), not publishing", time.time() - measured)
        return False
    try:
        reply = client.publish(inside, measured)
        log.info("published %d inside, api said %s", inside, reply.get("status", "ok"))
        return True
    except urllib.error.HTTPError as exc:
        log.error("api rejected update: %s %s", exc.code, exc.reason)
    except urllib.error.URLError as exc:
        log.error("api unreachable: %s", exc.reason)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--counts", default="occupancy.csv")
    ap.add_argument("--every", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("OCCUPANCY_API_KEY")
    if not api_key:
        log.error("set OCCUPANCY_API_KEY")
        return 1
    client = OccupancyClient(API_BASE, VENUE_ID, api_key)
    try:
        log.info("api health: %s", client.health().get("status"))
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("health check failed: %s", exc)
    while True:
        run_once(client, args.counts)
        if not args.every:
            break
        time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
