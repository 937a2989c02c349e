#!/usr/bin/env python3
"""Set up the USB-serial link to the kiln controller.

Installs a udev rule so the controller always appears as /dev/kiln0 and makes
the current serial node usable without re-plugging.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiln-usb")

# USB IDs of the adapters shipped with our controllers
ADAPTERS = {
    "ftdi": ("0403", "6001"),
    "ch340": ("1a86", "7523"),
    "cp210x": ("10c4", "ea60"),
}

RULES_DIR = Path("/") / "etc" / "udev" / "rules.d"
RULE_NAME = "99-kiln-controller.rules"
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="kiln0", MODE="{mode}", GROUP="{group}"\n'
)


def render_rules(adapters, mode, group):
    lines = ["# kiln controller serial adapters\n"]
    for name in adapters:
        vid, pid = ADAPTERS[name]
        lines.append(RULE_TEMPLATE.format(vid=vid, pid=pid, mode=mode, group=group))
    return "".join(lines)


def install_rules(text, dry_run):
    target = RULES_DIR / RULE_NAME
    if dry_run:
        print("--- would write %s ---\n%s" % (target, text))
        return
    try:
        target.write_text(text)
        os.chmod(target, 0o644)
    except PermissionError:
        log.error("cannot write %s, run this as root", target)
        sys.exit(1)
    log.info("wrote %s", target)


def reload_udev(dry_run):
    cmds = [["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=tty"]]
    for cmd in cmds:
        if dry_run:
            print("would run:", " ".join(cmd))
            continue
        try:
            subprocess.run(cmd, check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.warning("%s failed: %s", cmd[0], exc)


def open_current_nodes(mode, dry_run):
    """Fix permissions on adapters that are already plugged in."""
    nodes = glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
    for node in nodes:
        if dry_run:
            print("would chmod %o %s" % (mode, node))
            continue
        try:
            os.chmod(node, mode)
            log.info("opened %s", node)
        except PermissionError as exc:
            log.warning("could not change %s: %s", node, exc)
    return nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--adapter", action="append", choices=sorted(ADAPTERS),
                    help="adapter types to match (default: all)")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0666")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    adapters = args.adapter or sorted(ADAPTERS)
    install_rules(render_rules(adapters, args.mode, args.group), args.dry_run)
    reload_udev(args.dry_run)
    nodes = open_current_nodes(int(args.mode, 8), args.dry_run)
    if not nodes:
        log.info("no adapter plugged in yet; the rule applies on next plug-in")


if __name__ == "__main__":
    main()
