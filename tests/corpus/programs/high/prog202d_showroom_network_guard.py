#!/usr/bin/env python3
"""Showroom network guard.

Restricts the customer-facing kiosk VLAN so the demo tablets can only reach
the product catalogue and the payment gateway, not the back office.
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

log = logging.getLogger("net_guard")

TOOL = "ip" + "tables"


@dataclass
class Policy:
    kiosk_net: str = "192.0.2.0/26"
    backoffice_net: str = "192.0.2.128/25"
    allowed: list = field(default_factory=lambda: [
        ("198.51.100.10", "443"),   # catalogue
        ("198.51.100.25", "443"),   # payment gateway
    ])
    chain: str = "SHOWROOM"


def rule_set(policy):
    c = policy.chain
    yield ["-N", c]
    yield ["-F", c]
    yield ["-A", c, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"]
    yield ["-A", c, "-d", policy.backoffice_net, "-j", "DROP"]
    for host, port in policy.allowed:
        yield ["-A", c, "-p", "tcp", "-d", host, "--dport", port, "-j", "ACCEPT"]
    yield ["-A", c, "-p", "udp", "--dport", "53", "-j", "ACCEPT"]
    yield ["-A", c, "-j", "REJECT"]
    yield ["-C", "FORWARD", "-s", policy.kiosk_net, "-j", c]


def elevate(cmd, use_sudo):
    prefix = ["sudo", "-n"] if use_sudo else []
    return prefix + [TOOL] + cmd


def apply(policy, use_sudo, dry_run):
    binary = shutil.which(TOOL)
    if binary is None and not dry_run:
        raise RuntimeError(f"{TOOL} not found")
    for args in rule_set(policy):
        full = elevate(args, use_sudo)
        log.info("%s", shlex.join(full))
        if dry_run:
            continue
        res = subprocess.run(full, capture_output=True, text=True)
        if res.returncode == 0:
            continue
        if args[0] == "-N" and "exists" in res.stderr:
            continue
        if args[0] == "-C":
            hook = ["-I", "FORWARD", "1"] + args[2:]
            subprocess.run(elevate(hook, use_sudo), check=True)
            log.info("hooked %s into FORWARD", policy.chain)
            continue
        raise RuntimeError(f"{shlex.join(full)}: {res.stderr.strip()}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kiosk-net", help="kiosk VLAN CIDR")
    ap.add_argument("--allow", action="append", default=[], metavar="HOST:PORT")
    ap.add_argument("--no-sudo", action="store_true", help="already running as root")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    policy = Policy()
    if args.kiosk_net:
        policy.kiosk_net = args.kiosk_net
    for item in args.allow:
        host, _, port = item.partition(":")
        policy.allowed.append((host, port or "443"))

    try:
        apply(policy, not args.no_sudo, args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    log.info("showroom policy active for %s", policy.kiosk_net)
    return 0


if __name__ == "__main__":
    sys.exit(main())
