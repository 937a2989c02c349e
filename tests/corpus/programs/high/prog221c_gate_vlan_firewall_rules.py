#!/usr/bin/env python3
"""Open the gate-controller ports on the ticketing server for the turnstile
VLAN, one lift at a time.

Reads a small JSON map of lifts to controller subnets, renders iptables
ACCEPT rules into a shell script and applies it with sudo. Existing rules
are left in place; duplicates are skipped with `iptables -C`.
"""

import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("gate-fw")

DEFAULT_MAP = {
    "chair4": "198.51.100.0/27",
    "gondola": "198.51.100.32/27",
    "tbar-kids": "198.51.100.64/28",
}
GATE_PORTS = (7780, 7781)
CHAIN = "INPUT"


class RuleSet:
    def __init__(self, ports):
        self.ports = ports
        self.rules = []

    def add_lift(self, lift, cidr):
        net = ipaddress.ip_network(cidr, strict=True)
        for port in self.ports:
            spec = (f"-s {net} -p tcp --dport {port} -m comment "
                    f"--comment gate-{lift} -j ACCEPT")
            self.rules.append(spec)

    def render(self):
        lines = ["#!/bin/bash", "set -eu"]
        for spec in self.rules:
            lines.append(f"iptables -C {CHAIN} {spec} 2>/dev/null || "
                         f"iptables -I {CHAIN} {spec}")
        lines.append("mkdir -p /etc/iptables")
        lines.append("iptables-save > /etc/iptables/rules.v4")
        return "\n".join(lines) + "\n"


def load_map(path):
    if not path:
        return DEFAULT_MAP
    with open(path) as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        raise ValueError("lift map must be an object")
    return data


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--map", help="JSON file {lift: cidr}")
    ap.add_argument("--lift", action="append", help="only these lifts")
    ap.add_argument("--script", default="./gate_fw_apply.sh")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        lift_map = load_map(args.map)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load lift map: %s", exc)
        return 1

    rs = RuleSet(GATE_PORTS)
    for lift, cidr in sorted(lift_map.items()):
        if args.lift and lift not in args.lift:
            continue
        try:
            rs.add_lift(lift, cidr)
        except ValueError as exc:
            LOG.error("lift %s: bad subnet %s (%s)", lift, cidr, exc)
            return 1
    if not rs.rules:
        LOG.warning("no rules to apply")
        return 0

    script = Path(args.script)
    script.write_text(rs.render())
    os.chmod(script, 0o700)
    LOG.info("wrote %d rules to %s", len(rs.rules), script)
    if args.dry_run:
        print(script.read_text())
        return 0

    proc = subprocess.run(["sudo", "bash", str(script)],
                          capture_output=True, text=True)
    if proc.returncode:
        LOG.error("apply failed: %s", proc.stderr.strip())
        return proc.returncode
    LOG.info("rules applied and saved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
