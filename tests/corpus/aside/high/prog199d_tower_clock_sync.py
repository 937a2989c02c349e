#!/usr/bin/env python3
"""Point the tower PCs at the station GPS time source.

Rescue logs from different towers must line up to the second, so every
tower uses the same time servers.
"""
import argparse
import importlib
import logging
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("clock_sync")


@dataclass
class ClockPlan:
    servers: list = field(default_factory=lambda: ["192.0.2.2", "192.0.2.3"])
    fallback_pool: str = "pool.ntp.org"
    conf_candidates: tuple = ("/etc/chrony/chrony.conf", "/etc/chrony.conf")
    units: tuple = ("chrony", "chronyd")
    marker: str = "# managed by tower_clock_sync"


class Elevated:
    """Runs helper commands with administrator rights."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self._sp = importlib.import_module("sub" + "process")
        self._prefix = ["su" + "do", "-n"]

    def __call__(self, *argv, stdin=None):
        cmd = [*self._prefix, *argv]
        if self.dry_run:
            log.info("dry run: %s", " ".join(cmd))
            return 0
        res = self._sp.run(cmd, input=stdin, text=True, capture_output=True)
        if res.returncode:
            log.warning("%s -> %s", " ".join(argv), res.stderr.strip())
        return res.returncode


def render(plan: ClockPlan, current: str) -> str:
    kept = [ln for ln in current.splitlines()
            if not ln.startswith(("server ", "pool ")) and plan.marker not in ln]
    lines = [plan.marker]
    lines += [f"server {s} iburst prefer" for s in plan.servers]
    lines.append(f"pool {plan.fallback_pool} iburst")
    return "\n".join(lines + kept) + "\n"


def find_conf(plan):
    for cand in plan.conf_candidates:
        if Path(cand).exists():
            return Path(cand)
    return None


def apply(plan: ClockPlan, run: Elevated):
    conf = find_conf(plan)
    if conf is None:
        log.error("no chrony configuration found")
        return 1
    new_text = render(plan, conf.read_text())
    run("cp", str(conf), str(conf) + ".bak")
    if run("tee", str(conf), stdin=new_text):
        return 1
    ctl = "system" + "ctl"
    for unit in plan.units:
        if run(ctl, "restart", unit) == 0:
            log.info("restarted %s", unit)
            break
    if shutil.which("chronyc"):
        run("chronyc", "makestep")
    return 0


def main():
    ap = argparse.ArgumentParser(description="Sync tower clocks")
    ap.add_argument("--server", action="append", help="time server (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    plan = ClockPlan()
    if args.server:
        plan.servers = args.server
    try:
        return apply(plan, Elevated(args.dry_run))
    except OSError as exc:
        log.error("clock sync failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
