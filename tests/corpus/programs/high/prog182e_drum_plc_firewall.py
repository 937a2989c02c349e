#!/usr/bin/env python3
"""Open Modbus/TCP on the drum-room gateway for the tanning drum PLCs.

The drum PLCs (192.0.2.0/24) poll the gateway's Modbus bridge on port 502
and the historian (198.51.100.20) reads it on port 5020. This adds the
matching ACCEPT rules if they are missing and leaves every other rule as
it is.
"""
import argparse
import logging
import os
import shutil
import subprocess

LOG = logging.getLogger("drum-fw")

PLC_NET = os.environ.get("DRUM_PLC_NET", "192.0.2.0/24")
HISTORIAN = os.environ.get("HISTORIAN_ADDR", "198.51.100.20")
CHAIN = "INPUT"

RULES = [
    {"src": PLC_NET, "proto": "tcp", "dport": 502, "comment": "drum-plc-modbus"},
    {"src": HISTORIAN, "proto": "tcp", "dport": 5020, "comment": "historian-bridge"},
]


class Netfilter:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.tool = shutil.which("iptables") or "/usr/sbin/iptables"
        self.elevate = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def _cmd(self, *args):
        return [*self.elevate, self.tool, *args]

    @staticmethod
    def _spec(rule):
        return ["-s", rule["src"], "-p", rule["proto"], "--dport", str(rule["dport"]),
                "-m", "comment", "--comment", rule["comment"], "-j", "ACCEPT"]

    def present(self, rule):
        res = subprocess.run(self._cmd("-C", CHAIN, *self._spec(rule)),
                             capture_output=True)
        return res.returncode == 0

    def add(self, rule):
        cmd = self._cmd("-I", CHAIN, "1", *self._spec(rule))
        if self.dry_run:
            LOG.info("would run: %s", " ".join(cmd))
            return
        subprocess.run(cmd, check=True)
        LOG.info("added %s", rule["comment"])

    def listing(self):
        res = subprocess.run(self._cmd("-S", CHAIN), capture_output=True, text=True)
        return res.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--show", action="store_true", help="print chain afterwards")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    nf = Netfilter(dry_run=args.dry_run)
    for rule in RULES:
        if nf.present(rule):
            LOG.info("%s already present", rule["comment"])
        else:
            nf.add(rule)
    if args.show:
        print(nf.listing())


if __name__ == "__main__":
    main()
