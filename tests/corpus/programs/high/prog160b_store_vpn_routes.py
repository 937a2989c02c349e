#!/usr/bin/env python3
"""Configures routing on a shop gateway so tills can reach head office over the VPN."""

import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("vpn_routes")

VPN_IFACE = os.environ.get("VPN_IFACE", "wg0")
LAN_IFACE = os.environ.get("LAN_IFACE", "eth1")
HEAD_OFFICE_NETS = ["198.51.100.0/24", "203.0.113.64/26"]
SHOP_LAN = os.environ.get("SHOP_LAN", "192.0.2.0/25")


class Runner:
    def __init__(self, dry_run):
        self.dry_run = dry_run

    def __call__(self, *cmd, check=True):
        full = ["sudo", *cmd]
        log.debug("run: %s", shlex.join(full))
        if self.dry_run:
            print(shlex.join(full))
            return subprocess.CompletedProcess(full, 0, "", "")
        return subprocess.run(full, check=check, capture_output=True, text=True)


def validate_networks(nets):
    parsed = []
    for net in nets:
        try:
            parsed.append(ipaddress.ip_network(net))
        except ValueError as exc:
            raise SystemExit(f"bad network {net}: {exc}")
    return parsed


def enable_forwarding(run):
    run("sysctl", "-w", "net.ipv4.ip_forward=1")
    conf = "net.ipv4.ip_forward = 1\n"
    run("sh", "-c", f"printf '{conf}' > /etc/sysctl.d/60-shop-forward.conf")
    log.info("ip forwarding enabled")


def rule_exists(run, table, chain, spec):
    result = run("iptables", "-t", table, "-C", chain, *spec, check=False)
    return result.returncode == 0


def ensure_rule(run, table, chain, spec):
    if not run.dry_run and rule_exists(run, table, chain, spec):
        log.debug("rule present: %s %s", chain, " ".join(spec))
        return
    run("iptables", "-t", table, "-A", chain, *spec)
    log.info("added %s rule: %s", chain, " ".join(spec))


def add_routes(run, nets):
    for net in nets:
        run("ip", "route", "replace", str(net), "dev", VPN_IFACE)
        log.info("route %s via %s", net, VPN_IFACE)


def configure_forwarding_rules(run, nets):
    for net in nets:
        ensure_rule(run, "filter", "FORWARD",
                    ["-i", LAN_IFACE, "-o", VPN_IFACE, "-s", SHOP_LAN, "-d", str(net), "-j", "ACCEPT"])
    ensure_rule(run, "filter", "FORWARD",
                ["-i", VPN_IFACE, "-o", LAN_IFACE, "-m", "conntrack",
                 "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"])
    ensure_rule(run, "nat", "POSTROUTING", ["-s", SHOP_LAN, "-o", VPN_IFACE, "-j", "MASQUERADE"])


def save_rules(run):
    run("sh", "-c", "iptables-save > /etc/iptables/rules.v4")
    log.info("rules saved")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    nets = validate_networks(HEAD_OFFICE_NETS)
    run = Runner(args.dry_run)
    try:
        enable_forwarding(run)
        add_routes(run, nets)
        configure_forwarding_rules(run, nets)
        if not args.no_save:
            save_rules(run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s\n%s", shlex.join(exc.cmd), exc.stderr)
        return 1
    log.info("gateway configured for %d head office networks", len(nets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
