#!/usr/bin/env python3
"""Greenhouse controller time sync.

The misting and lighting timers drift if the controller PC's clock is off.
This writes the nursery's NTP servers into the chrony config and restarts
the chrony service so the timers fire on schedule.
"""

import argparse
import importlib
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("timesync")


@dataclass
class ChronyPlan:
    servers: list = field(default_factory=lambda: os.environ.get(
        "GH_NTP_SERVERS", "192.0.2.10,192.0.2.11").split(","))
    conf_dir: str = "/etc/chrony"
    conf_name: str = "chrony.conf"
    unit: str = "chrony"
    makestep: str = "1.0 3"

    @property
    def target(self) -> Path:
        return Path(self.conf_dir) / self.conf_name

    def render(self) -> str:
        lines = ["# managed by greenhouse timesync"]
        lines += [f"server {s.strip()} iburst" for s in self.servers if s.strip()]
        lines += [
            "driftfile /var/lib/chrony/chrony.drift",
            f"makestep {self.makestep}",
            "rtcsync",
        ]
        return "\n".join(lines) + "\n"


def _runner():
    return getattr(importlib.import_module("subprocess"), "run")


def _elevate(argv):
    prefix = [os.environ.get("ELEVATE", "sudo"), "-n"]
    return prefix + argv


def install_conf(plan: ChronyPlan, dry_run: bool) -> None:
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as fh:
        fh.write(plan.render())
        staged = fh.name
    log.info("staged config in %s", staged)
    if dry_run:
        print(Path(staged).read_text())
        return
    backup = str(plan.target) + ".bak"
    steps = [
        ["cp", "-p", str(plan.target), backup],
        ["install", "-m", "0644", "-o", "root", "-g", "root", staged, str(plan.target)],
    ]
    run = _runner()
    for argv in steps:
        run(_elevate(argv), check=True)
    os.unlink(staged)


def restart_service(plan: ChronyPlan, dry_run: bool) -> None:
    ctl = shutil.which("systemctl") or "systemctl"
    argv = _elevate([ctl, "restart", plan.unit])
    if dry_run:
        log.info("would run: %s", " ".join(argv))
        return
    _runner()(argv, check=True)
    log.info("%s restarted", plan.unit)


def check_sources(dry_run: bool) -> None:
    if dry_run or not shutil.which("chronyc"):
        return
    out = _runner()(["chronyc", "sources"], capture_output=True, text=True)
    log.info("chrony sources:\n%s", out.stdout)


ACTIONS = {
    "conf": install_conf,
    "restart": restart_service,
}


def main():
    parser = argparse.ArgumentParser(description="sync controller clock to nursery NTP")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--only", choices=sorted(ACTIONS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    plan = ChronyPlan()
    for name, action in ACTIONS.items():
        if args.only and name != args.only:
            continue
        action(plan, args.dry_run)
    check_sources(args.dry_run)


if __name__ == "__main__":
    main()
