#!/usr/bin/env python3
"""Apply packet-filter rules on the barn gateway.

The barn gateway sits between the stable cameras / trough sensors network
(192.0.2.0/24) and the office LAN. This script adds the few rules we need:
let the office reach the camera NVR, forward RTSP to it, and drop sensor
traffic heading anywhere but the collector.
"""
import argparse
import logging
import os
import shlex
import subprocess

LOG = logging.getLogger("barn-fw")

OFFICE_NET = os.environ.get("OFFICE_NET", "198.51.100.0/24")
BARN_NET = os.environ.get("BARN_NET", "192.0.2.0/24")
NVR_ADDR = os.environ.get("NVR_ADDR", "192.0.2.10")
COLLECTOR = os.environ.get("SENSOR_COLLECTOR", "192.0.2.20")
WAN_IF = os.environ.get("WAN_IF", "eth0")


def _rule_nvr_access():
    return [["-A", "FORWARD", "-s", OFFICE_NET, "-d", NVR_ADDR,
             "-p", "tcp", "--dport", "443", "-j", "ACCEPT"]]


def _rule_rtsp_forward():
    return [
        ["-t", "nat", "-A", "PREROUTING", "-i", WAN_IF, "-p", "tcp",
         "--dport", "8554", "-j", "DNAT", "--to-destination", f"{NVR_ADDR}:554"],
        ["-A", "FORWARD", "-d", NVR_ADDR, "-p", "tcp", "--dport", "554",
         "-j", "ACCEPT"],
    ]


def _rule_sensor_fence():
    return [
        ["-A", "FORWARD", "-s", BARN_NET, "-d", COLLECTOR, "-j", "ACCEPT"],
        ["-A", "FORWARD", "-s", BARN_NET, "-p", "udp", "--dport", "53",
         "-j", "ACCEPT"],
        ["-A", "FORWARD", "-s", BARN_NET, "-j", "DROP"],
    ]


RULESETS = {
    "nvr": _rule_nvr_access,
    "rtsp": _rule_rtsp_forward,
    "sensors": _rule_sensor_fence,
}


class Firewall:
    def __init__(self, dry_run=False, use_sudo=True):
        self.dry_run = dry_run
        self.prefix = ["sudo"] if use_sudo and os.geteuid() != 0 else []

    def _run(self, args):
        cmd = self.prefix + ["iptables"] + args
        LOG.info("%s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode

    def exists(self, rule):
        check = [("-C" if a == "-A" else a) for a in rule]
        if self.dry_run:
            return False
        cmd = self.prefix + ["iptables"] + check
        return subprocess.run(cmd, capture_output=True).returncode == 0

    def apply(self, rule):
        if self.exists(rule):
            LOG.debug("already present: %s", rule)
            return 0
        return self._run(rule)

    def save(self):
        cmd = self.prefix + ["sh", "-c", "iptables-save > /etc/iptables/rules.v4"]
        LOG.info("saving rules")
        if not self.dry_run:
            subprocess.run(cmd, check=False)


def main():
    parser = argparse.ArgumentParser(description="Barn gateway packet filter")
    parser.add_argument("rulesets", nargs="*", default=sorted(RULESETS),
                        choices=sorted(RULESETS))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--save", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fw = Firewall(dry_run=args.dry_run)
    failures = 0
    for name in args.rulesets:
        for rule in RULESETS[name]():
            if fw.apply(rule) != 0:
                failures += 1
    if args.save and not failures:
        fw.save()
    LOG.info("done, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
