#!/usr/bin/env python3
"""Makes the LED message signs on the shop LAN reachable from the office network.

The signs sit on an isolated segment behind the workshop PC; this forwards
their controller ports so the office scheduler can push new messages.
"""
import argparse
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("ledsign.gateway")

SIGNS = [
    {"name": "storefront", "address": "192.0.2.41", "port": 5200, "public_port": 15201},
    {"name": "yard", "address": "192.0.2.42", "port": 5200, "public_port": 15202},
    {"name": "showroom", "address": "192.0.2.43", "port": 5200, "public_port": 15203},
]

SETTINGS = {
    "office_if": "eth0",
    "sign_if": "eth1",
    "forward_key": "net.ipv4.ip_forward",
}


class Privileged:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if dry_run else ["sudo", "-n"]

    def run(self, args, check=True):
        cmd = self.prefix + list(args)
        log.info("%s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=check).returncode


def enable_forwarding(priv):
    priv.run(["sysctl", "-w", f"{SETTINGS['forward_key']}=1"])


def rule_exists(priv, table, chain, spec):
    return priv.run(["iptables", "-t", table, "-C", chain] + spec, check=False) == 0


def ensure_rule(priv, table, chain, spec):
    if priv.dry_run or not rule_exists(priv, table, chain, spec):
        priv.run(["iptables", "-t", table, "-A", chain] + spec)


def forward_sign(priv, sign):
    dnat = ["-i", SETTINGS["office_if"], "-p", "tcp", "--dport", str(sign["public_port"]),
            "-j", "DNAT", "--to-destination", f"{sign['address']}:{sign['port']}"]
    ensure_rule(priv, "nat", "PREROUTING", dnat)
    allow = ["-i", SETTINGS["office_if"], "-o", SETTINGS["sign_if"], "-p", "tcp",
             "-d", sign["address"], "--dport", str(sign["port"]), "-j", "ACCEPT"]
    ensure_rule(priv, "filter", "FORWARD", allow)


def masquerade(priv):
    ensure_rule(priv, "nat", "POSTROUTING", ["-o", SETTINGS["sign_if"], "-j", "MASQUERADE"])


def main():
    parser = argparse.ArgumentParser(description="Forward LED sign controller ports")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--only", help="forward a single sign by name")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run and shutil.which("iptables") is None:
        log.error("iptables not found")
        return 1

    priv = Privileged(dry_run=args.dry_run)
    try:
        enable_forwarding(priv)
        for sign in SIGNS:
            if args.only and sign["name"] != args.only:
                continue
            forward_sign(priv, sign)
        masquerade(priv)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
