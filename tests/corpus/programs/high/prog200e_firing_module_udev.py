#!/usr/bin/env python3
"""Register wireless firing-module dongles with the system device manager.

Each firing-module dongle shows up as a USB serial adapter. This writes a
device rule so the dongles get stable names and the crew group can open
them, then fixes up any dongles that are already plugged in.
"""
import argparse
import grp
import logging
import os
import pathlib
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("fm_udev")

RULES_DIR = pathlib.Path("/" + "etc", "udev", "rules.d")
RULE_NAME = "72-firing-modules.rules"


@dataclass(frozen=True)
class Dongle:
    vendor: str
    product: str
    alias: str


KNOWN = (
    Dongle("10c4", "ea60", "fm_cp210x"),
    Dongle("0403", "6001", "fm_ftdi"),
    Dongle("1a86", "7523", "fm_ch340"),
)


def render_rules(group, mode):
    lines = ["# firing-module dongles"]
    for d in KNOWN:
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{v}", ATTRS{{idProduct}}=="{p}", '
            'GROUP="{g}", MODE="{m}", SYMLINK+="{a}%n"'.format(
                v=d.vendor, p=d.product, g=group, m=mode, a=d.alias))
    return "\n".join(lines) + "\n"


def install_rules(text):
    RULES_DIR.mkdir(parents=True, exist_ok=True)
    target = RULES_DIR / RULE_NAME
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    log.info("rules written to %s", target)


def reload_manager():
    tool = "udev" + "adm"
    for args in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
        subprocess.run([tool, *args], check=False)


def fix_present(group, mode):
    gid = grp.getgrnam(group).gr_gid
    changed = 0
    for dev in sorted(pathlib.Path("/dev").glob("ttyUSB*")):
        try:
            os.chown(dev, 0, gid)
            os.chmod(dev, mode)
            changed += 1
        except OSError as exc:
            log.warning("could not adjust %s: %s", dev, exc)
    return changed


STEPS = {
    "rules": lambda a: install_rules(render_rules(a.group, a.mode)),
    "reload": lambda a: reload_manager(),
    "present": lambda a: log.info("adjusted %d devices", fix_present(a.group, int(a.mode, 8))),
}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Register firing-module dongles")
    p.add_argument("--group", default="pyrocrew")
    p.add_argument("--mode", default="0660")
    p.add_argument("--steps", default="rules,reload,present")
    p.add_argument("--print", action="store_true", help="print rules and exit")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.print:
        sys.stdout.write(render_rules(args.group, args.mode))
        return 0
    if os.geteuid() != 0:
        log.error("must run as root")
        return 1
    for name in args.steps.split(","):
        step = STEPS.get(name.strip())
        if step is None:
            log.warning("unknown step %s", name)
            continue
        step(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
