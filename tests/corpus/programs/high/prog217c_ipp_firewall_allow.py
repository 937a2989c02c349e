#!/usr/bin/env python3
"""ipp_firewall_allow.py - let the studio Macs reach CUPS on the RIP server.

Adds iptables ACCEPT rules for IPP (631/tcp) and the JetDirect port
(9100/tcp) from the studio subnets listed in a config file.  The rules are
rendered into a small shell script which is then run with sudo.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("ipp_firewall_allow")
DEFAULT_CONFIG = {"subnets": ["192.0.2.0/24", "198.51.100.0/25"], "ports": [631, 9100]}


class RulePlan:
    def __init__(self, subnets, ports, chain="INPUT"):
        self.subnets = [str(ipaddress.ip_network(s, strict=False)) for s in subnets]
        self.ports = [int(p) for p in ports]
        self.chain = chain

    def rules(self):
        for net in self.subnets:
            for port in self.ports:
                yield (f"-p tcp -s {net} --dport {port} "
                       f"-m comment --comment print-shop-ipp -j ACCEPT")

    def render(self):
        lines = ["#!/bin/bash", "set -u", 'CHAIN="$IPT_CHAIN"']
        for rule in self.rules():
            lines.append(f'if ! iptables -C "$CHAIN" {rule} 2>/dev/null; then')
            lines.append(f'    iptables -I "$CHAIN" 1 {rule} && echo "added: {rule}"')
            lines.append("else")
            lines.append(f'    echo "present: {rule}"')
            lines.append("fi")
        return "\n".join(lines) + "\n"


def load_config(path):
    if not path:
        return DEFAULT_CONFIG
    try:
        with open(path) as fh:
            cfg = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("bad config %s: %s", path, exc)
        raise SystemExit(1)
    return {**DEFAULT_CONFIG, **cfg}


def apply(script_text, chain, dry_run):
    if dry_run:
        sys.stdout.write(script_text)
        return 0
    fd, path = tempfile.mkstemp(prefix="ipp_rules_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        proc = subprocess.run(["sudo", "--preserve-env=IPT_CHAIN", "bash", path],
                              env=dict(os.environ, IPT_CHAIN=chain),
                              capture_output=True, text=True)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        LOG.info(line)
    if proc.returncode != 0:
        LOG.error("iptables script failed: %s", proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON file with subnets and ports")
    ap.add_argument("--chain", default="INPUT")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        plan = RulePlan(cfg["subnets"], cfg["ports"], args.chain)
    except ValueError as exc:
        LOG.error("invalid subnet or port: %s", exc)
        return 1
    LOG.info("%d rule(s) planned", len(list(plan.rules())))
    return apply(plan.render(), plan.chain, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
