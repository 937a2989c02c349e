#!/usr/bin/env python3
"""Open the yard PC to the customer ticket portal and the weighbridge LAN.

The ticket portal (HTTPS on 8443) must be reachable from the office VLAN and
the indicator bridge port (4001) only from the weighbridge VLAN.  Rules are
declared in portal_rules.json so each yard can list its own subnets:

    {"chain": "YARD-PORTAL",
     "rules": [{"port": 8443, "proto": "tcp", "source": "10.10.0.0/24"},
               {"port": 4001, "proto": "tcp", "source": "10.20.0.0/24"}]}

The chain is rebuilt from scratch on every run and the result is saved so it
survives a reboot.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("portal-fw")
RULES_SAVE = Path("/etc/iptables/rules.v4")


class Netfilter:
    """Thin wrapper around the iptables CLI."""

    binary = "iptables"

    def __init__(self, dry_run: bool = False):
        self.dry_run = dry_run
        self.elevate = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = self.elevate + [self.binary, "-w", *args]
        if self.dry_run:
            LOG.info("dry-run: %s", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def chain_exists(self, chain: str) -> bool:
        return self("-n", "-L", chain, check=False).returncode == 0

    def save(self, target: Path) -> None:
        if self.dry_run:
            LOG.info("dry-run: would save ruleset to %s", target)
            return
        dump = subprocess.run(self.elevate + ["iptables-save"], check=True,
                              capture_output=True, text=True).stdout
        subprocess.run(self.elevate + ["install", "-d", str(target.parent)], check=True)
        subprocess.run(self.elevate + ["tee", str(target)], input=dump, check=True,
                       stdout=subprocess.DEVNULL, text=True)
        LOG.info("ruleset saved to %s", target)


def load_rules(path: Path) -> tuple:
    data = json.loads(path.read_text())
    chain = data.get("chain", "YARD-PORTAL")
    rules = []
    for r in data["rules"]:
        port = int(r["port"])
        if not 0 < port < 65536:
            raise ValueError(f"bad port {port}")
        proto = r.get("proto", "tcp")
        if proto not in ("tcp", "udp"):
            raise ValueError(f"bad protocol {proto}")
        source = str(ipaddress.ip_network(r["source"], strict=False))
        rules.append((proto, port, source, r.get("comment", f"yard-portal {port}")))
    return chain, rules


def apply(nf: Netfilter, chain: str, rules: list) -> None:
    if nf.chain_exists(chain):
        nf("-F", chain)
    else:
        nf("-N", chain)
    nf("-A", chain, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
    for proto, port, source, comment in rules:
        nf("-A", chain, "-p", proto, "-s", source, "--dport", str(port),
           "-m", "comment", "--comment", comment[:255], "-j", "ACCEPT")
        LOG.info("allow %s/%d from %s", proto, port, source)
    managed = sorted({str(p) for _, p, _, _ in rules})
    nf("-A", chain, "-p", "tcp", "-m", "multiport", "--dports", ",".join(managed), "-j", "DROP")
    if nf("-C", "INPUT", "-j", chain, check=False).returncode != 0:
        nf("-I", "INPUT", "1", "-j", chain)
        LOG.info("hooked %s into INPUT", chain)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Install ticket portal firewall rules")
    ap.add_argument("-r", "--rules", type=Path, default=Path("portal_rules.json"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-save", dest="save", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        chain, rules = load_rules(args.rules)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("rules file %s unusable: %s", args.rules, exc)
        return 2

    nf = Netfilter(dry_run=args.dry_run)
    try:
        apply(nf, chain, rules)
        if args.save:
            nf.save(RULES_SAVE)
    except subprocess.CalledProcessError as exc:
        LOG.error("iptables failed: %s", (exc.stderr or "").strip() or exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
