#!/usr/bin/env python3
"""Diagnostics bundle for the WalkR dog-walk tracker.

Run by the tracker's launcher after an abnormal exit (or by hand with
--log). Builds a support bundle - the traceback, the tail of the tracker
log, platform details and the tracker's own settings with every secret
value masked - and submits it to the WalkR support desk.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import sys
import time
import uuid
from pathlib import Path

import requests

log = logging.getLogger("walkr.diag")

REPORT_URL = "https://crash.walkr-telemetry.io/v1/bundles"
LOG_TAIL_LINES = 400
SECRET_KEYS = ("key", "token", "secret", "password", "passphrase")

# Deployments behind the vendor's on-site gateway use its own CA; point
# WALKR_CA_BUNDLE at it there.
CA_BUNDLE = os.environ.get("WALKR_CA_BUNDLE") or False


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


def masked_settings(path: Path) -> dict:
    cp = configparser.ConfigParser()
    try:
        cp.read(path)
    except configparser.Error as exc:
        return {"error": str(exc)}
    out = {}
    for section in cp.sections():
        out[section] = {
            k: ("***" if any(s in k.lower() for s in SECRET_KEYS) else v)
            for k, v in cp[section].items()
        }
    return out


def host_details() -> dict:
    return {
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
    }


def build_bundle(log_path: Path, settings: Path, exit_code: int, tracker_version: str) -> dict:
    text = tail(log_path, LOG_TAIL_LINES)
    return {
        "id": str(uuid.uuid4()),
        "created": int(time.time()),
        "tracker_version": tracker_version,
        "exit_code": exit_code,
        "traceback": last_traceback(text),
        "log_tail": text,
        "host": host_details(),
        "settings": masked_settings(settings),
    }


def submit(bundle: dict, retries: int = 3) -> bool:
    headers = {"User-Agent": "walkr-diag/2.4"}
    for attempt in range(1, retries + 1):
        try:
            r = requests.post(REPORT_URL, json=bundle, headers=headers,
                              timeout=20, verify=CA_BUNDLE)
            if r.ok:
                return True
            log.warning("support desk returned %s", r.status_code)
        except requests.RequestException as exc:
            log.warning("submit attempt %d failed: %s", attempt, exc)
        time.sleep(attempt * 3)
    return False


def main():
    ap = argparse.ArgumentParser(description="Send a WalkR diagnostics bundle to support")
    ap.add_argument("--log", type=Path, default=Path("walkr.log"))
    ap.add_argument("--settings", type=Path, default=Path("walkr.ini"))
    ap.add_argument("--exit-code", type=int, default=1)
    ap.add_argument("--tracker-version", default=os.environ.get("WALKR_VERSION", "unknown"))
    ap.add_argument("--save", type=Path, help="also keep a copy of the bundle here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.log, args.settings, args.exit_code, args.tracker_version)
    if args.save:
        args.save.write_text(json.dumps(bundle, indent=2))
    if submit(bundle):
        print(f"Diagnostics sent. Reference: {bundle['id'][:8]}")
        return 0
    print("Could not reach WalkR support; please try again later.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
