#!/usr/bin/env python3
"""Turn a small Alpine box into a NAT gateway for an isolated lab VLAN.

Enables IPv4 forwarding and adds MASQUERADE / FORWARD rules for the lab
subnet. Existing rules are left alone; our rules carry a comment tag so that
'--remove' can delete exactly what we added.
"""
import argparse
import ipaddress
import logging
import shlex
import subprocess
import sys

log = logging.getLogger("natgw")
TAG = "labnat"
FORWARD_KNOB = "/proc/sys/net/ipv4/ip_forward"


def run(argv, check=True):
    log.debug("+ %s", shlex.join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def rule_specs(subnet, wan, lan):
    comment = ["-m", "comment", "--comment", TAG]
    return [
        ("nat", "POSTROUTING", ["-s", subnet, "-o", wan, "-j", "MASQUERADE"] + comment),
        ("filter", "FORWARD", ["-i", lan, "-o", wan, "-s", subnet, "-j", "ACCEPT"] + comment),
        ("filter", "FORWARD", ["-i", wan, "-o", lan, "-m", "conntrack",
                               "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"] + comment),
    ]


def rule_present(table, chain, spec):
    return run(["iptables", "-t", table, "-C", chain] + spec, check=False).returncode == 0


def set_forwarding(enabled):
    with open(FORWARD_KNOB, "w") as fh:
        fh.write("1\n" if enabled else "0\n")
    log.info("ip_forward=%d", int(enabled))


def apply(subnet, wan, lan):
    set_forwarding(True)
    added = 0
    for table, chain, spec in rule_specs(subnet, wan, lan):
        if rule_present(table, chain, spec):
            continue
        run(["iptables", "-t", table, "-A", chain] + spec)
        added += 1
    log.info("added %d rule(s) for %s via %s", added, subnet, wan)


def remove(subnet, wan, lan, keep_forwarding):
    for table, chain, spec in rule_specs(subnet, wan, lan):
        while rule_present(table, chain, spec):
            run(["iptables", "-t", table, "-D", chain] + spec)
    if not keep_forwarding:
        set_forwarding(False)
    log.info("removed lab NAT rules for %s", subnet)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subnet", default="10.77.0.0/24")
    ap.add_argument("--wan", default="eth0")
    ap.add_argument("--lan", default="eth0.77")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--keep-forwarding", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="natgw: %(message)s")
    try:
        subnet = str(ipaddress.ip_network(args.subnet, strict=True))
    except ValueError as exc:
        log.error("bad subnet: %s", exc)
        return 2
    try:
        if args.remove:
            remove(subnet, args.wan, args.lan, args.keep_forwarding)
        else:
            apply(subnet, args.wan, args.lan)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    except PermissionError:
        log.error("must run as root on the gateway")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
