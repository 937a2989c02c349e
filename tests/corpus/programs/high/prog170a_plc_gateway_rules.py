#!/usr/bin/env python3
"""Manage the packet-filter rules that let the press-line subnet reach the
Modbus/TCP gateway on this host."""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass, field

log = logging.getLogger("plc-rules")

COMMENT_TAG = "pressline-modbus"


@dataclass
class RuleSet:
    sources: list = field(default_factory=lambda: os.environ.get(
        "PRESS_SUBNETS", "192.0.2.0/26,192.0.2.64/26").split(","))
    ports: tuple = (502, 20000)
    chain: str = "INPUT"


class Filter:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")
        self._tool = "ip" + "tables"
        self._elevate = [] if os.geteuid() == 0 else ["su" + "do", "-n"]

    def _cmd(self, *args):
        return self._elevate + [self._tool, *args]

    def call(self, *args, check=True):
        cmd = self._cmd(*args)
        if self.dry_run:
            log.info("dry-run: %s", " ".join(cmd))
            return 0
        run = getattr(self._sp, "run")
        res = run(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            log.error("%s failed: %s", " ".join(cmd), res.stderr.strip())
        return res.returncode

    def rule_spec(self, src, port):
        return ["-s", src, "-p", "tcp", "--dport", str(port),
                "-m", "comment", "--comment", COMMENT_TAG, "-j", "ACCEPT"]

    def exists(self, chain, spec):
        return self.call("-C", chain, *spec, check=False) == 0


def add_rules(flt: Filter, rules: RuleSet):
    added = 0
    for src in rules.sources:
        for port in rules.ports:
            spec = flt.rule_spec(src.strip(), port)
            if flt.exists(rules.chain, spec):
                continue
            if flt.call("-I", rules.chain, "1", *spec) == 0:
                added += 1
    log.info("added %d rules", added)


def remove_rules(flt: Filter, rules: RuleSet):
    removed = 0
    for src in rules.sources:
        for port in rules.ports:
            spec = flt.rule_spec(src.strip(), port)
            while flt.exists(rules.chain, spec):
                if flt.call("-D", rules.chain, *spec) != 0:
                    break
                removed += 1
    log.info("removed %d rules", removed)


def list_rules(flt: Filter, rules: RuleSet):
    flt.call("-L", rules.chain, "-n", "--line-numbers")


ACTIONS = {"add": add_rules, "remove": remove_rules, "list": list_rules}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--port", type=int, action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("iptables") is None and not args.dry_run:
        log.error("iptables not found on this host")
        return 1
    rules = RuleSet()
    if args.port:
        rules.ports = tuple(args.port)
    ACTIONS[args.action](Filter(dry_run=args.dry_run), rules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
