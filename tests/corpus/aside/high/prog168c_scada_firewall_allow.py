#!/usr/bin/env python3
"""Opens the control-network ports the distillery SCADA historian needs.

Adds narrow ACCEPT rules for Modbus/TCP and OPC UA from the plant subnet,
leaving the rest of the host firewall as it is.
"""
import argparse
import functools
import ipaddress
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("scada.fw")


@dataclass(frozen=True)
class Opening:
    name: str
    port: int
    proto: str = "tcp"


OPENINGS = (
    Opening("modbus", 502),
    Opening("opcua", 4840),
    Opening("historian-ui", 8443),
)

CHAIN = os.environ.get("SCADA_CHAIN", "INPUT")
TAG = "scada-historian"


def privileged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        argv = fn(*args, **kwargs)
        if os.geteuid() != 0:
            argv = ["sudo", "-n"] + argv
        return argv
    return wrapper


class RuleBuilder:
    table_tool = "ip" + "tables"

    def __init__(self, subnet, iface):
        self.subnet = str(ipaddress.ip_network(subnet, strict=True))
        self.iface = iface

    def _spec(self, opening):
        spec = ["-s", self.subnet, "-p", opening.proto, "--dport", str(opening.port),
                "-m", "comment", "--comment", f"{TAG}:{opening.name}", "-j", "ACCEPT"]
        if self.iface:
            spec = ["-i", self.iface] + spec
        return spec

    @privileged
    def check(self, opening):
        return [self.table_tool, "-C", CHAIN] + self._spec(opening)

    @privileged
    def insert(self, opening):
        return [self.table_tool, "-I", CHAIN, "1"] + self._spec(opening)

    @privileged
    def delete(self, opening):
        return [self.table_tool, "-D", CHAIN] + self._spec(opening)


def execute(argv, dry_run):
    log.info("%s", shlex.join(argv))
    if dry_run:
        return 0
    return subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode


def apply(builder, selected, dry_run, remove):
    changed = 0
    for opening in selected:
        present = execute(builder.check(opening), dry_run=False) == 0
        if remove and present:
            changed += execute(builder.delete(opening), dry_run) == 0
        elif not remove and not present:
            changed += execute(builder.insert(opening), dry_run) == 0
        else:
            log.info("%s: nothing to do", opening.name)
    return changed


def main():
    parser = argparse.ArgumentParser(description="SCADA historian firewall openings")
    parser.add_argument("--subnet", default=os.environ.get("PLANT_SUBNET", "192.0.2.0/24"))
    parser.add_argument("--iface", default=os.environ.get("PLANT_IFACE", ""))
    parser.add_argument("--only", action="append", choices=[o.name for o in OPENINGS])
    parser.add_argument("--remove", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    builder = RuleBuilder(args.subnet, args.iface)
    selected = [o for o in OPENINGS if not args.only or o.name in args.only]
    changed = apply(builder, selected, args.dry_run, args.remove)
    log.info("%d rule(s) changed", changed)


if __name__ == "__main__":
    main()
