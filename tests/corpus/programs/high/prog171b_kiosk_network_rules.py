#!/usr/bin/env python3
"""Applies the network rules for the sauna's kiosk segment.

The lobby kiosk and the cabin thermostats sit on their own interface.
This opens the few ports they need on the gateway and turns on
forwarding between the two segments.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from typing import List

log = logging.getLogger("kiosk-net")


@dataclass(frozen=True)
class PortRule:
    proto: str
    port: int
    source: str
    comment: str

    def spec(self, chain: str, iface: str) -> List[str]:
        return [chain, "-i", iface, "-p", self.proto, "-s", self.source,
                "--dport", str(self.port), "-m", "comment", "--comment", self.comment,
                "-j", "ACCEPT"]


RULES = [
    PortRule("tcp", 443, "198.51.100.0/24", "kiosk-checkin"),
    PortRule("tcp", 8883, "198.51.100.0/24", "thermostat-mqtt"),
    PortRule("udp", 123, "198.51.100.0/24", "thermostat-ntp"),
]

SYSCTL_KEYS = {"net.ipv4.ip_forward": "1"}


class Privileged:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *argv, check=True) -> int:
        cmd = [*self.prefix, *argv]
        log.info("%s %s", "would run" if self.dry_run else "run", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=check).returncode


def ensure_rule(run: Privileged, rule: PortRule, iface: str):
    check = rule.spec("INPUT", iface)
    exists = run("iptables", "-C", *check, check=False) == 0 and not run.dry_run
    if exists:
        log.info("rule %s already present", rule.comment)
        return
    run("iptables", "-A", *check)


def apply_sysctl(run: Privileged, persist: bool):
    for key, value in SYSCTL_KEYS.items():
        run("sysctl", "-w", f"{key}={value}")
    if persist:
        body = "".join(f"{k} = {v}\n" for k, v in SYSCTL_KEYS.items())
        run("sh", "-c", f"printf '%s' {shlex.quote(body)} > /etc/sysctl.d/60-kiosk.conf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iface", default=os.environ.get("KIOSK_IFACE", "eth1"))
    parser.add_argument("--persist", action="store_true", help="write /etc/sysctl.d file")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    run = Privileged(args.dry_run)
    try:
        for rule in RULES:
            ensure_rule(run, rule, args.iface)
        apply_sysctl(run, args.persist)
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, shlex.join(exc.cmd))
        return 1
    log.info("kiosk network rules applied on %s", args.iface)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
