#!/usr/bin/env python3
"""Expose the grow-room controller web UIs through the office gateway.

Adds DNAT port-forward rules on the gateway so staff on the office LAN can
reach the climate and dosing controllers on the isolated greenhouse VLAN.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from functools import partial

log = logging.getLogger("net_bridge")

OFFICE_IF = os.environ.get("OFFICE_IF", "eth0")
GREEN_IF = os.environ.get("GREEN_IF", "eth1")


@dataclass(frozen=True)
class Forward:
    name: str
    public_port: int
    target_ip: str
    target_port: int


FORWARDS = [
    Forward("climate-room-a", 8441, "192.0.2.31", 443),
    Forward("climate-room-b", 8442, "192.0.2.32", 443),
    Forward("dosing-main", 8450, "192.0.2.40", 8080),
]


class Gateway:
    _elev = "".join(["su", "do"])
    _tables = "ip" + "tables"
    _knob = "sys" + "ctl"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _run(self, tool, *args):
        argv = [self._elev, "-n", tool, *map(str, args)]
        if self.dry_run:
            log.info("dry-run: %s", shlex.join(argv))
            return 0
        log.debug("exec: %s", shlex.join(argv))
        return subprocess.run(argv, check=False).returncode

    def enable_forwarding(self):
        return self._run(self._knob, "-w", "net.ipv4.ip_forward=1")

    def rule_exists(self, table, chain, spec):
        return self._run(self._tables, "-t", table, "-C", chain, *spec) == 0

    def ensure(self, table, chain, spec):
        if self.dry_run or not self.rule_exists(table, chain, spec):
            self._run(self._tables, "-t", table, "-A", chain, *spec)


def dnat_spec(fw):
    return ["-i", OFFICE_IF, "-p", "tcp", "--dport", fw.public_port,
            "-j", "DNAT", "--to-destination", f"{fw.target_ip}:{fw.target_port}",
            "-m", "comment", "--comment", fw.name]


def accept_spec(fw):
    return ["-i", OFFICE_IF, "-o", GREEN_IF, "-p", "tcp", "-d", fw.target_ip,
            "--dport", fw.target_port, "-j", "ACCEPT"]


def masq_spec():
    return ["-o", GREEN_IF, "-j", "MASQUERADE"]


def apply(gw, forwards):
    gw.enable_forwarding()
    steps = []
    for fw in forwards:
        steps.append(partial(gw.ensure, "nat", "PREROUTING", dnat_spec(fw)))
        steps.append(partial(gw.ensure, "filter", "FORWARD", accept_spec(fw)))
    steps.append(partial(gw.ensure, "nat", "POSTROUTING", masq_spec()))
    for step in steps:
        step()
    log.info("applied %d forwards", len(forwards))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", nargs="*", help="forward names to apply")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    chosen = [f for f in FORWARDS if not args.only or f.name in args.only]
    if not chosen:
        parser.error("no matching forwards")
    apply(Gateway(args.dry_run), chosen)


if __name__ == "__main__":
    main()
