#!/usr/bin/env python3
"""Opens the weighbridge dashboard port to the hub LAN only.

The weighbridge PC at the municipal compost yard serves a read-only dashboard
on port 8081. This tool adds (or removes) packet-filter rules so only the
yard's LAN can reach it.
"""
import argparse
import ipaddress
import logging
import shlex
import subprocess
from dataclasses import dataclass, field

log = logging.getLogger("wbgateway")


@dataclass
class FilterPlan:
    port: int
    lan: str
    chain: str = "INPUT"
    comment: str = "weighbridge-dashboard"
    tool: list = field(default_factory=lambda: ["ip" + "tables"])

    def _base(self, verb):
        return [*self.tool, verb, self.chain, "-p", "tcp", "--dport", str(self.port)]

    def rules(self, verb):
        tag = ["-m", "comment", "--comment", self.comment]
        return [
            self._base(verb) + ["-s", self.lan, *tag, "-j", "ACCEPT"],
            self._base(verb) + [*tag, "-j", "DROP"],
        ]


class Runner:
    prefix = ["".join(["su", "do"]), "-n"]

    def __init__(self, dry_run):
        self.dry_run = dry_run

    def __call__(self, argv, check=True):
        full = self.prefix + argv
        log.info("$ %s", shlex.join(full))
        if self.dry_run:
            return 0
        proc = subprocess.run(full, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        return proc.returncode


def present(run, plan):
    probe = plan.rules("-C")[0]
    return run(probe, check=False) == 0


def apply(run, plan):
    if present(run, plan):
        log.info("rules already in place")
        return
    for argv in plan.rules("-A"):
        run(argv)


def remove(run, plan):
    for argv in plan.rules("-D"):
        try:
            run(argv)
        except RuntimeError as exc:
            log.warning("rule not removed: %s", exc)


ACTIONS = {"open": apply, "close": remove}


def main():
    ap = argparse.ArgumentParser(description="weighbridge dashboard access")
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--port", type=int, default=8081)
    ap.add_argument("--lan", default="192.0.2.0/24")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        lan = str(ipaddress.ip_network(args.lan, strict=False))
    except ValueError as exc:
        ap.error(f"bad --lan: {exc}")
    plan = FilterPlan(port=args.port, lan=lan)
    try:
        ACTIONS[args.action](Runner(args.dry_run), plan)
    except RuntimeError as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
