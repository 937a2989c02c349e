#!/usr/bin/env python3
"""Boathouse firewall rules.

Opens the ports the AIS receiver and the radio-over-IP gateway need on
the boathouse router PC, restricted to the station LAN.  Existing rules
are left in place; only missing ACCEPT rules are appended.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("boathouse-fw")

STATION_LAN = os.environ.get("STATION_LAN", "198.51.100.0/25")


@dataclass(frozen=True)
class Opening:
    name: str
    proto: str
    port: int
    source: str = STATION_LAN

    def spec(self):
        return ["-p", self.proto, "-s", self.source, "--dport", str(self.port),
                "-m", "comment", "--comment", f"station:{self.name}", "-j", "ACCEPT"]


OPENINGS = [
    Opening("ais-nmea", "udp", 10110),
    Opening("roip-sip", "udp", 5060),
    Opening("roip-rtp", "udp", 10000),
    Opening("launch-board", "tcp", 8443),
]


class Netfilter:
    tool = "ip" + "tables"
    chain = "INPUT"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["su" + "do", "-n"]

    def _run(self, *args, check=True):
        cmd = self.prefix + [self.tool, *args]
        log.debug("exec: %s", shlex.join(cmd))
        if self.dry_run:
            print(shlex.join(cmd))
            return 1 if "-C" in args else 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def present(self, opening):
        return self._run("-C", self.chain, *opening.spec(), check=False) == 0

    def append(self, opening):
        return self._run("-A", self.chain, *opening.spec())

    def persist(self):
        save = self.prefix + [self.tool + "-save"]
        if self.dry_run:
            print(shlex.join(save) + " > /etc/iptables/rules.v4")
            return
        out = subprocess.run(save, check=True, capture_output=True).stdout
        subprocess.run(self.prefix + ["tee", "/etc/iptables/rules.v4"], input=out,
                       check=True, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-persist", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    nf = Netfilter(dry_run=args.dry_run)
    added = 0
    for op in OPENINGS:
        if nf.present(op):
            log.info("%s already open", op.name)
            continue
        nf.append(op)
        log.info("opened %s %s/%d from %s", op.name, op.proto, op.port, op.source)
        added += 1
    if added and not args.no_persist:
        nf.persist()
    log.info("%d rule(s) added", added)


if __name__ == "__main__":
    main()
