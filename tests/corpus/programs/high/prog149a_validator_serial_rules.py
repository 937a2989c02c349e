#!/usr/bin/env python3
"""Give the validator test rig stable access to ticket validator serial ports.

Validators under repair are connected to the bench PC over USB-serial
adapters.  The port names change on every replug, so this tool writes a
device rule that pins a friendly name and group, fixes up the currently
attached ports, and reloads the device manager.
"""
import argparse
import glob
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("validator_rules")

RULES_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_FILE = "71-ticket-validators.rules"
# vendor/product ids of the adapters shipped with the validators
ADAPTERS = {
    "ftdi": ("0403", "6001"),
    "cp210x": ("10c4", "ea60"),
}


def render_rules(group):
    lines = ["# ticket validator bench adapters"]
    for name, (vid, pid) in ADAPTERS.items():
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", '
            f'ATTRS{{idProduct}}=="{pid}", GROUP="{group}", MODE="0660", '
            f'SYMLINK+="validator-{name}-%n"'
        )
    return "\n".join(lines) + "\n"


def write_rules(text, dry_run):
    target = RULES_DIR / RULE_FILE
    if dry_run:
        print(text)
        return target
    try:
        target.write_text(text)
        os.chmod(target, 0o644)
    except PermissionError:
        # fall back to the desktop elevation prompt on the bench PC
        subprocess.run(["pkexec", "tee", str(target)], input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)
    log.info("rules written to %s", target)
    return target


def fix_current_ports(group, dry_run):
    gid = grp.getgrnam(group).gr_gid
    ports = glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
    for port in ports:
        if dry_run:
            log.info("would chown %s to :%s", port, group)
            continue
        try:
            os.chown(port, -1, gid)
            os.chmod(port, 0o660)
            log.info("fixed %s", port)
        except PermissionError as exc:
            log.warning("cannot fix %s: %s", port, exc)
    return ports


def reload_manager(dry_run):
    if dry_run:
        return
    for argv in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        try:
            subprocess.run(argv, check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            log.warning("%s failed: %s", argv[1], exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2

    write_rules(render_rules(args.group), args.dry_run)
    ports = fix_current_ports(args.group, args.dry_run)
    reload_manager(args.dry_run)
    log.info("%d validator ports present", len(ports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
