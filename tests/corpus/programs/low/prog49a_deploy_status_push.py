#!/usr/bin/env python3
"""Report the outcome of a deploy to the internal release-tracker API.

The tracker token is taken from RELEASE_TRACKER_TOKEN and is only ever
sent to the tracker itself, in the Authorization header.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("deploy_status")

TRACKER_URL = os.environ.get("RELEASE_TRACKER_URL",
                             "https://releases.internal.example.com/api/v2")


@dataclass
class DeployEvent:
    service: str
    version: str
    environment: str
    status: str
    duration_s: float
    host: str = field(default_factory=socket.gethostname)
    notes: list = field(default_factory=list)


def read_build_info(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("build info unavailable (%s)", exc)
        return {}


class TrackerClient:
    def __init__(self, base_url, token):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })

    def post_event(self, event, retries=3):
        url = f"{self.base_url}/deployments"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, json=asdict(event), timeout=10)
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json().get("id")
                log.warning("tracker returned %s, attempt %d", resp.status_code, attempt)
            except requests.ConnectionError as exc:
                log.warning("connection problem: %s", exc)
            time.sleep(2 ** attempt)
        raise RuntimeError("tracker unreachable")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("service")
    ap.add_argument("status", choices=["started", "succeeded", "failed", "rolled_back"])
    ap.add_argument("--env", default="staging")
    ap.add_argument("--build-info", default="dist/build-info.json", type=Path)
    ap.add_argument("--duration", type=float, default=0.0)
    ap.add_argument("--note", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("RELEASE_TRACKER_TOKEN")
    if not token:
        log.error("RELEASE_TRACKER_TOKEN is not set")
        return 2

    info = read_build_info(args.build_info)
    event = DeployEvent(service=args.service,
                        version=info.get("version", "unknown"),
                        environment=args.env, status=args.status,
                        duration_s=args.duration, notes=args.note)
    try:
        event_id = TrackerClient(TRACKER_URL, token).post_event(event)
    except (RuntimeError, requests.HTTPError) as exc:
        log.error("could not record deploy: %s", exc)
        return 1
    log.info("recorded deploy event %s for %s %s", event_id, event.service, event.version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
