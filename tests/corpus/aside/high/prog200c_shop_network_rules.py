#!/usr/bin/env python3
"""Shop network rules.

Opens the card terminal and camera recorder ports on the shop router box
and restricts the back-office printer to the counter subnet.
"""
import argparse
import importlib
import logging
import shlex
from dataclasses import dataclass, field

log = logging.getLogger("shop-net")


@dataclass
class Rule:
    chain: str
    proto: str
    port: int
    source: str = ""
    action: str = "ACCEPT"
    comment: str = ""

    def spec(self):
        parts = ["-p", self.proto, "--dport", str(self.port)]
        if self.source:
            parts += ["-s", self.source]
        if self.comment:
            parts += ["-m", "comment", "--comment", self.comment]
        return parts + ["-j", self.action]


@dataclass
class Profile:
    tool: list = field(default_factory=lambda: ["ip" + "tables", "-w"])
    elevate: list = field(default_factory=lambda: ["su" + "do", "-n"])
    rules: list = field(default_factory=lambda: [
        Rule("INPUT", "tcp", 8443, "192.0.2.0/24", comment="card-terminal"),
        Rule("INPUT", "tcp", 554, "192.0.2.0/24", comment="camera-recorder"),
        Rule("INPUT", "tcp", 9100, "192.0.2.0/24", comment="office-printer"),
        Rule("INPUT", "tcp", 9100, action="DROP", comment="office-printer-other"),
    ])


class Runner:
    def __init__(self, profile, dry_run):
        self.profile = profile
        self.dry_run = dry_run
        self.sp = importlib.import_module("sub" + "process")

    def _argv(self, *args):
        return [*self.profile.elevate, *self.profile.tool, *args]

    def call(self, *args, check=True):
        argv = self._argv(*args)
        if self.dry_run:
            print(shlex.join(argv))
            return 0
        res = self.sp.run(argv, capture_output=True, text=True)
        if check and res.returncode != 0:
            log.error("failed: %s: %s", shlex.join(argv), res.stderr.strip())
        return res.returncode

    def present(self, rule):
        return self.call("-C", rule.chain, *rule.spec(), check=False) == 0

    def add(self, rule):
        if not self.dry_run and self.present(rule):
            log.info("exists: %s %s", rule.comment, rule.port)
            return
        self.call("-A", rule.chain, *rule.spec())
        log.info("added: %s %s", rule.comment, rule.port)

    def remove(self, rule):
        if self.dry_run or self.present(rule):
            self.call("-D", rule.chain, *rule.spec())
            log.info("removed: %s %s", rule.comment, rule.port)


def main():
    ap = argparse.ArgumentParser(description="shop network rules")
    ap.add_argument("action", choices=["apply", "remove", "list"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profile = Profile()
    runner = Runner(profile, args.dry_run)
    if args.action == "list":
        return runner.call("-S", "INPUT")
    op = {"apply": runner.add, "remove": runner.remove}[args.action]
    for rule in profile.rules:
        try:
            op(rule)
        except OSError as exc:
            log.error("cannot run %s: %s", profile.tool[0], exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
