#!/usr/bin/env python3
"""Exam network allowlist.

Adds an outbound packet-filter chain on a lab laptop so that during an
exam only the exam server, DNS and the local network are reachable.
Rules are added to a dedicated chain that is hooked into OUTPUT.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("exam-allowlist")

POLICY = {
    "chain": "EXAM-ALLOW",
    "hook": "OUTPUT",
    "allow": [
        {"dst": "203.0.113.10/32", "proto": "tcp", "ports": [443]},
        {"dst": "203.0.113.11/32", "proto": "tcp", "ports": [443, 8443]},
        {"dst": "192.0.2.53/32", "proto": "udp", "ports": [53]},
    ],
    "local": ["127.0.0.0/8", "10.20.0.0/16"],
    "final": "REJECT",
}


class Filter:
    """Thin wrapper around the netfilter command line tool."""

    def __init__(self, dry_run=False):
        name = "ip" + "tables"
        self.tool = shutil.which(name) or os.path.join(os.sep, "usr", "sbin", name)
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
        self.dry_run = dry_run

    def _cmd(self, *args):
        return self.prefix + [self.tool, "-w", "5"] + list(args)

    def check(self, *args):
        cmd = self._cmd("-C", *args)
        return subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0

    def apply(self, *args):
        cmd = self._cmd(*args)
        if self.dry_run:
            log.info("DRY %s", " ".join(cmd))
            return True
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.error("%s -> %s", " ".join(cmd), res.stderr.strip())
            return False
        return True

    def chain_exists(self, chain):
        res = subprocess.run(self._cmd("-S", chain), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        return res.returncode == 0


def rule_specs(policy):
    chain = policy["chain"]
    yield (chain, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
    for net in policy["local"]:
        ipaddress.ip_network(net)
        yield (chain, "-d", net, "-j", "ACCEPT")
    for entry in policy["allow"]:
        ipaddress.ip_network(entry["dst"])
        for port in entry["ports"]:
            yield (chain, "-d", entry["dst"], "-p", entry["proto"],
                   "--dport", str(int(port)), "-j", "ACCEPT")
    yield (chain, "-j", policy["final"])


def install(flt, policy):
    chain, hook = policy["chain"], policy["hook"]
    if not flt.chain_exists(chain):
        flt.apply("-N", chain)
    added = 0
    for spec in rule_specs(policy):
        if flt.check(*spec):
            continue
        if flt.apply("-A", *spec):
            added += 1
    if not flt.check(hook, "-j", chain):
        flt.apply("-I", hook, "1", "-j", chain)
    log.info("chain %s: %d rules added, hooked into %s", chain, added, hook)


def show(flt, policy):
    cmd = flt._cmd("-L", policy["chain"], "-n", "-v", "--line-numbers")
    subprocess.run(cmd, check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["install", "show"])
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    flt = Filter(dry_run=args.dry_run)
    try:
        if args.action == "install":
            install(flt, POLICY)
        else:
            show(flt, POLICY)
    except (OSError, ValueError) as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
