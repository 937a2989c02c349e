#!/usr/bin/env python3
"""LoRa gateway forwarding rules for the shore station router.

Buoy sensors on the kelp lines report through a LoRa gateway in the boat
shed. The shore station box forwards the packet-forwarder UDP port to it
and only accepts that traffic from the network server. Run as root on the
shore station after a reboot or when the gateway address changes.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("gwfw")

FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")


@dataclass
class Plan:
    wan_if: str = os.environ.get("SHORE_WAN_IF", "eth0")
    gateway: str = os.environ.get("LORA_GW_ADDR", "192.0.2.40")
    netserver: str = os.environ.get("LORA_NS_ADDR", "198.51.100.12")
    port: int = 1700
    rules: list = field(default_factory=list)

    def build(self):
        p = str(self.port)
        self.rules = [
            ["-t", "nat", "-A", "PREROUTING", "-i", self.wan_if, "-p", "udp",
             "-s", self.netserver, "--dport", p, "-j", "DNAT",
             "--to-destination", f"{self.gateway}:{p}"],
            ["-A", "FORWARD", "-p", "udp", "-d", self.gateway, "--dport", p,
             "-s", self.netserver, "-j", "ACCEPT"],
            ["-A", "FORWARD", "-p", "udp", "-d", self.gateway, "--dport", p,
             "-j", "DROP"],
            ["-t", "nat", "-A", "POSTROUTING", "-o", self.wan_if, "-j", "MASQUERADE"],
        ]
        return self


class Executor:
    binary = "ip" + "tables"

    def __init__(self, dry_run):
        self.dry_run = dry_run
        self._sp = importlib.import_module("subprocess")

    def exists(self, rule):
        check = [("-C" if x == "-A" else x) for x in rule]
        res = self._sp.run([self.binary, *check], capture_output=True)
        return res.returncode == 0

    def apply(self, rule):
        if self.exists(rule):
            log.info("present: %s", " ".join(rule))
            return
        if self.dry_run:
            log.info("would add: %s", " ".join(rule))
            return
        self._sp.run([self.binary, *rule], check=True)
        log.info("added: %s", " ".join(rule))


def enable_forwarding(dry_run):
    current = FORWARD_KNOB.read_text().strip()
    if current == "1":
        return
    if dry_run:
        log.info("would set %s=1", FORWARD_KNOB)
        return
    writer = getattr(FORWARD_KNOB, "write_" + "text")
    writer("1\n")
    log.info("ip forwarding enabled")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--gateway", help="override LoRa gateway address")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 2

    plan = Plan()
    if args.gateway:
        plan.gateway = args.gateway
    plan.build()

    enable_forwarding(args.dry_run)
    ex = Executor(args.dry_run)
    for rule in plan.rules:
        ex.apply(rule)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
