#!/usr/bin/env python3
"""Open the store gateway to the walk-in freezer sensor network.

The temperature loggers sit on their own subnet behind the store gateway
and speak Modbus/TCP. The monitoring box needs to reach them, so this
adds narrow allow rules and turns on forwarding between the two sides.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
from dataclasses import dataclass, field

log = logging.getLogger("freezer-net")


@dataclass
class SensorNet:
    subnet: str = os.environ.get("SENSOR_SUBNET", "192.0.2.128/26")
    monitor: str = os.environ.get("MONITOR_HOST", "192.0.2.20")
    lan_if: str = os.environ.get("LAN_IF", "eth0")
    sensor_if: str = os.environ.get("SENSOR_IF", "eth1")
    ports: list = field(default_factory=lambda: [502, 161])
    comment: str = "umi-freezer"

    def validate(self):
        ipaddress.ip_network(self.subnet)
        ipaddress.ip_address(self.monitor)


def root_cmd(*argv):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return prefix + list(argv)


def run(argv, dry_run, check=True):
    log.info("+ %s", " ".join(argv))
    if dry_run:
        return 0
    return subprocess.run(argv, check=check).returncode


def rule_specs(net):
    specs = []
    for port in net.ports:
        proto = "udp" if port == 161 else "tcp"
        specs.append([
            "FORWARD", "-i", net.lan_if, "-o", net.sensor_if,
            "-s", net.monitor, "-d", net.subnet,
            "-p", proto, "--dport", str(port),
            "-m", "comment", "--comment", net.comment,
            "-j", "ACCEPT",
        ])
    specs.append([
        "FORWARD", "-i", net.sensor_if, "-o", net.lan_if,
        "-s", net.subnet, "-d", net.monitor,
        "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED",
        "-m", "comment", "--comment", net.comment,
        "-j", "ACCEPT",
    ])
    return specs


def rule_present(spec):
    probe = root_cmd("iptables", "-C", *spec)
    return subprocess.run(probe, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def apply_rules(net, dry_run):
    added = 0
    for spec in rule_specs(net):
        if not dry_run and rule_present(spec):
            continue
        run(root_cmd("iptables", "-I", *spec), dry_run)
        added += 1
    return added


def remove_rules(net, dry_run):
    for spec in rule_specs(net):
        run(root_cmd("iptables", "-D", *spec), dry_run, check=False)


def set_forwarding(enabled, dry_run):
    value = "1" if enabled else "0"
    run(root_cmd("sysctl", "-w", "net.ipv4.ip_forward=" + value), dry_run)


ACTIONS = {
    "open": lambda net, dry: (set_forwarding(True, dry), apply_rules(net, dry)),
    "close": lambda net, dry: (remove_rules(net, dry), set_forwarding(False, dry)),
    "show": lambda net, dry: [print(" ".join(s)) for s in rule_specs(net)],
}


def main():
    ap = argparse.ArgumentParser(description="Freezer sensor network access")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    net = SensorNet()
    try:
        net.validate()
    except ValueError as exc:
        log.error("bad network settings: %s", exc)
        return 2
    try:
        ACTIONS[args.action](net, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
