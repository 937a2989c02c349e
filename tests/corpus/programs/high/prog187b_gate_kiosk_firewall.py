#!/usr/bin/env python3
"""Open the ports the gate ticket scanners need on the gate kiosk PC.

The handheld scanners at the public gates talk to the kiosk on a fixed
port. This adds (or removes) iptables rules that allow just the scanner
subnet through, leaving the rest of the firewall as it is.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys

log = logging.getLogger("gate_kiosk_fw")

SCANNER_SUBNET = os.environ.get("SCANNER_SUBNET", "198.51.100.0/26")
SCANNER_PORTS = [8443, 9100]
CHAIN = "INPUT"
COMMENT = "gate-scanners"


def iptables(*args, check=True):
    cmd = ["sudo", "iptables", *args]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_args(subnet, port):
    return [CHAIN, "-p", "tcp", "-s", subnet, "--dport", str(port),
            "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]


def rule_exists(subnet, port):
    result = iptables("-C", *rule_args(subnet, port), check=False)
    return result.returncode == 0


def open_ports(subnet):
    for port in SCANNER_PORTS:
        if rule_exists(subnet, port):
            log.info("rule for %s port %d already present", subnet, port)
            continue
        iptables("-I", *rule_args(subnet, port))
        log.info("allowed %s to port %d", subnet, port)


def close_ports(subnet):
    for port in SCANNER_PORTS:
        while rule_exists(subnet, port):
            iptables("-D", *rule_args(subnet, port))
            log.info("removed rule for %s port %d", subnet, port)


def show_rules():
    result = iptables("-L", CHAIN, "-n", "--line-numbers")
    for line in result.stdout.splitlines():
        if COMMENT in line or line.startswith(("Chain", "num")):
            print(line)


def main():
    parser = argparse.ArgumentParser(description="Gate kiosk scanner firewall rules")
    parser.add_argument("action", choices=["open", "close", "show"])
    parser.add_argument("--subnet", default=SCANNER_SUBNET)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        subnet = str(ipaddress.ip_network(args.subnet))
    except ValueError as exc:
        log.error("bad subnet: %s", exc)
        return 2

    if args.action == "open":
        open_ports(subnet)
    elif args.action == "close":
        close_ports(subnet)
    show_rules()
    return 0


if __name__ == "__main__":
    sys.exit(main())
