#!/usr/bin/env python3
"""Sets up access to the RS-485 adapters that talk to the reed bed level probes.

Writes a udev rule so the adapters keep stable names and group access across
reboots, and fixes the permissions of the adapters that are plugged in now.
"""
import argparse
import glob
import grp
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("serialperms")

RULES_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_FILE = "99-reedbed-rs485.rules"


@dataclass(frozen=True)
class Adapter:
    vendor: str
    product: str
    alias: str


ADAPTERS = (
    Adapter("0403", "6001", "rb_probe_bus"),
    Adapter("1a86", "7523", "rb_flow_bus"),
)


def render_rules(group: str, mode: str) -> str:
    lines = ["# managed by serial_gateway_perms"]
    for a in ADAPTERS:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{a.vendor}", ATTRS{{idProduct}}=="{a.product}", '
            f'SYMLINK+="{a.alias}", GROUP="{group}", MODE="{mode}"'
        )
    return "\n".join(lines) + "\n"


def write_rules(text: str) -> bool:
    target = RULES_DIR / RULE_FILE
    if target.exists() and target.read_text() == text:
        log.info("rules already current at %s", target)
        return False
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return True


def reload_rules():
    base = ["udev" + "adm"]
    for extra in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
        subprocess.run(base + extra, check=False)


def fix_present(group: str, mode: int):
    gid = grp.getgrnam(group).gr_gid
    ops = {"own": lambda p: os.chown(p, 0, gid), "mode": lambda p: os.chmod(p, mode)}
    for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        for name, op in ops.items():
            try:
                op(dev)
            except OSError as exc:
                log.warning("%s on %s failed: %s", name, dev, exc)
        log.info("adjusted %s", dev)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="RS-485 adapter access for reed bed probes")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0660")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2
    try:
        changed = write_rules(render_rules(args.group, args.mode))
        fix_present(args.group, int(args.mode, 8))
    except PermissionError as exc:
        log.error("insufficient rights: %s", exc)
        return 1
    if changed and not args.no_reload:
        reload_rules()
    return 0


if __name__ == "__main__":
    sys.exit(main())
