#!/usr/bin/env python3
"""Open the store gateway for the machine-controller VLAN.

The washers and dryers talk Modbus/TCP to the back-office PC, which
forwards pricing updates to them. This adds ACCEPT rules for the
controller subnet and turns on forwarding between the two interfaces.
"""
import argparse
import ipaddress
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field

LOG = logging.getLogger("suds.gateway")


@dataclass
class Vlan:
    subnet: str = os.environ.get("CONTROLLER_SUBNET", "192.0.2.128/25")
    lan_if: str = os.environ.get("CONTROLLER_IF", "eth1")
    office_if: str = os.environ.get("OFFICE_IF", "eth0")
    ports: list = field(default_factory=lambda: [502, 8443])


class Tools:
    fw = "ip" + "tables"
    kernel = "sys" + "ctl"


def _rule(chain: str, *spec) -> list:
    return [Tools.fw, "-A", chain, *spec, "-j", "ACCEPT"]


def plan_rules(vlan: Vlan) -> list:
    net = str(ipaddress.ip_network(vlan.subnet, strict=False))
    rules = []
    for port in vlan.ports:
        rules.append(_rule("INPUT", "-i", vlan.lan_if, "-s", net, "-p", "tcp", "--dport", str(port)))
    rules.append(_rule("FORWARD", "-i", vlan.office_if, "-o", vlan.lan_if, "-d", net))
    rules.append(
        _rule("FORWARD", "-i", vlan.lan_if, "-o", vlan.office_if, "-s", net,
              "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED")
    )
    return rules


def plan_kernel() -> list:
    return [[Tools.kernel, "-w", "net.ipv4.ip_forward=1"]]


def already_present(rule: list) -> bool:
    check = [rule[0], "-C"] + rule[2:]
    return subprocess.run(check, capture_output=True).returncode == 0


def apply(commands: list, dry_run: bool) -> int:
    failures = 0
    for cmd in commands:
        printable = shlex.join(cmd)
        if dry_run:
            print(printable)
            continue
        if cmd[0] == Tools.fw and already_present(cmd):
            LOG.info("present: %s", printable)
            continue
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode:
            failures += 1
            LOG.error("failed: %s: %s", printable, result.stderr.strip())
        else:
            LOG.info("applied: %s", printable)
    return failures


PHASES = {"rules": plan_rules, "kernel": lambda vlan: plan_kernel()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phase", choices=["all"] + sorted(PHASES), default="all")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    vlan = Vlan()
    phases = sorted(PHASES) if args.phase == "all" else [args.phase]
    commands = [cmd for name in phases for cmd in PHASES[name](vlan)]
    if not args.dry_run and os.geteuid() != 0:
        LOG.error("needs root to change packet filter and kernel settings")
        return 1
    return 1 if apply(commands, args.dry_run) else 0


if __name__ == "__main__":
    raise SystemExit(main())
