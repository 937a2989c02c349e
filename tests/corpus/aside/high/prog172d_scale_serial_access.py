#!/usr/bin/env python3
"""Gives the resin-mixing scale reader access to the USB serial port.

The glassing bench uses a USB scale to weigh resin and hardener; the
reader script runs as the workshop user, so the port needs the right
group and mode after every replug.
"""
import argparse
import grp
import importlib
import logging
import os
import pwd
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List

log = logging.getLogger("scale-access")


@dataclass
class PortPlan:
    user: str
    group: str = "dial" + "out"
    mode: str = "0660"
    pattern: str = "tty" + "USB*"


class Elevated:
    prefix = ("su" + "do", "-n")

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run
        self._run = getattr(importlib.import_module("subprocess"), "run")

    def __call__(self, *argv: str) -> int:
        cmd: List[str] = list(self.prefix) + list(argv) if os.geteuid() != 0 else list(argv)
        if self.dry_run:
            print("would run:", " ".join(cmd))
            return 0
        log.debug("running %s", cmd)
        return self._run(cmd, check=False).returncode


def device_paths(plan: PortPlan) -> List[Path]:
    root = Path("/" + "dev")
    return sorted(root.glob(plan.pattern))


def user_in_group(user: str, group: str) -> bool:
    try:
        g = grp.getgrnam(group)
    except KeyError:
        return False
    primary = pwd.getpwnam(user).pw_gid
    return user in g.gr_mem or primary == g.gr_gid


def fix_group(plan: PortPlan, elevate: Elevated) -> int:
    if user_in_group(plan.user, plan.group):
        log.info("%s already in %s", plan.user, plan.group)
        return 0
    return elevate("user" + "mod", "-aG", plan.group, plan.user)


def fix_ports(plan: PortPlan, elevate: Elevated) -> int:
    ports = device_paths(plan)
    if not ports:
        log.warning("no %s devices found; is the scale plugged in?", plan.pattern)
        return 1
    rc = 0
    for port in ports:
        rc |= elevate("ch" + "grp", plan.group, str(port))
        rc |= elevate("ch" + "mod", plan.mode, str(port))
        log.info("prepared %s", port)
    return rc


def show(plan: PortPlan, _elevate: Elevated) -> int:
    for port in device_paths(plan):
        st = port.stat()
        print(f"{port}\t{oct(st.st_mode & 0o777)}\t{grp.getgrgid(st.st_gid).gr_name}")
    print(f"{plan.user} in {plan.group}: {user_in_group(plan.user, plan.group)}")
    return 0


ACTIONS: Dict[str, Callable[[PortPlan, Elevated], int]] = {
    "group": fix_group,
    "ports": fix_ports,
    "show": show,
}


def main() -> int:
    parser = argparse.ArgumentParser(description="USB scale port access")
    parser.add_argument("actions", nargs="*", default=["group", "ports", "show"],
                        choices=sorted(ACTIONS))
    parser.add_argument("--user", default=os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name)
    parser.add_argument("--mode", default="0660")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = PortPlan(user=args.user, mode=args.mode)
    elevate = Elevated(args.dry_run)
    status = 0
    for name in args.actions:
        status |= ACTIONS[name](plan, elevate)
    return 1 if status else 0


if __name__ == "__main__":
    raise SystemExit(main())
