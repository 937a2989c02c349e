#!/usr/bin/env python3
"""Restrict outbound traffic on an exam workstation to an allowlist.

Reads the exam's allowed endpoints from exam_profile.json, resolves them,
and installs an EXAM_EGRESS chain in the OUTPUT table so only DNS, the
exam platform and the proctoring relay are reachable for the exam window.
Must be run as root by the lab provisioning job.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("exam-egress")
CHAIN = "EXAM_EGRESS"


class Iptables:
    def __init__(self, binary=None, dry_run=False):
        self.binary = binary or shutil.which("iptables") or "/usr/sbin/iptables"
        self.dry_run = dry_run

    def __call__(self, *args, check=True):
        cmd = [self.binary, "-w", *args]
        log.debug("%s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def chain_exists(self, chain):
        if self.dry_run:
            return False
        return self("-n", "-L", chain, check=False) == 0


def resolve(hosts):
    addrs = set()
    for host in hosts:
        try:
            ipaddress.ip_network(host, strict=False)
            addrs.add(host)
            continue
        except ValueError:
            pass
        try:
            for info in socket.getaddrinfo(host, 443, socket.AF_INET, socket.SOCK_STREAM):
                addrs.add(info[4][0])
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s", host, exc)
    return sorted(addrs)


def install(ipt, allowed, dns_servers):
    if ipt.chain_exists(CHAIN):
        log.info("%s already present; leaving the existing rules in place", CHAIN)
        return False
    ipt("-N", CHAIN)
    ipt("-A", CHAIN, "-o", "lo", "-j", "ACCEPT")
    ipt("-A", CHAIN, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
    for dns in dns_servers:
        for proto in ("udp", "tcp"):
            ipt("-A", CHAIN, "-p", proto, "-d", dns, "--dport", "53", "-j", "ACCEPT")
    for addr in allowed:
        ipt("-A", CHAIN, "-p", "tcp", "-d", addr, "-m", "multiport",
            "--dports", "80,443", "-j", "ACCEPT")
    ipt("-A", CHAIN, "-j", "LOG", "--log-prefix", "exam-egress-drop: ", "--log-level", "4")
    ipt("-A", CHAIN, "-j", "REJECT", "--reject-with", "icmp-admin-prohibited")
    if ipt("-C", "OUTPUT", "-j", CHAIN, check=False) != 0:
        ipt("-I", "OUTPUT", "1", "-j", CHAIN)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", type=Path, default=Path("exam_profile.json"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profile = json.loads(args.profile.read_text())
    hosts = profile.get("allowed_hosts", []) + [profile["proctor_relay"]]
    allowed = resolve(hosts)
    if not allowed:
        log.error("allowlist resolved to nothing; refusing to lock the seat")
        return 1
    dns_servers = profile.get("dns_servers", ["10.20.0.53"])
    try:
        if not install(Iptables(dry_run=args.dry_run), allowed, dns_servers):
            return 0
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.decode(errors="replace").strip())
        return 1
    log.info("egress restricted to %d addresses for exam %s",
             len(allowed), profile.get("exam_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
