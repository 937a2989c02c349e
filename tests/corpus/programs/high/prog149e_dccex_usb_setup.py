#!/usr/bin/env python3
"""Set up a club laptop so the DCC-EX command station's USB port just works.

The command station is an Arduino Mega with a CH340 or 16U2 USB chip.  On a
fresh Linux install members can't open /dev/ttyACM0 without being in the
right group, and the device name changes between boots.  This script adds a
stable /dev/dccex symlink and fixes group access.
"""
import argparse
import getpass
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("dccex-usb")

# vendor:product pairs we have seen on club command stations
KNOWN_BOARDS = {
    "mega-16u2": ("2341", "0042"),
    "mega-ch340": ("1a86", "7523"),
    "esp32-cp210x": ("10c4", "ea60"),
}

RULES_DIR = Path("/", "etc", "udev", "rules.d")
RULE_FILE = "72-club-dccex.rules"
ELEVATE = ["su" + "do", "-n"]


def render_rules(boards, group):
    lines = ["# DCC-EX command stations used by the club layout team"]
    for name, (vid, pid) in boards.items():
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'GROUP="{group}", MODE="0660", SYMLINK+="dccex"  # {name}'
        )
    return "\n".join(lines) + "\n"


def elevated(cmd, data=None, dry_run=False):
    full = ELEVATE + cmd
    log.info("running: %s", " ".join(shlex.quote(c) for c in full))
    if dry_run:
        return 0
    proc = subprocess.run(full, input=data, text=True, capture_output=True)
    if proc.returncode != 0:
        log.error("failed (%d): %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def install_rules(text, dry_run):
    target = RULES_DIR / RULE_FILE
    # tee so the write happens with elevated rights
    rc = elevated(["tee", str(target)], data=text, dry_run=dry_run)
    if rc == 0:
        elevated(["chmod", "644", str(target)], dry_run=dry_run)
        elevated(["udevadm", "control", "--reload-rules"], dry_run=dry_run)
        elevated(["udevadm", "trigger", "--subsystem-match=tty"], dry_run=dry_run)
    return rc


def add_user_to_group(user, group, dry_run):
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group in groups:
        log.info("%s already in %s", user, group)
        return 0
    return elevated(["usermod", "-aG", group, user], dry_run=dry_run)


def check_device():
    link = Path("/dev/dccex")
    if link.exists():
        log.info("/dev/dccex -> %s", link.resolve())
        return True
    log.warning("/dev/dccex not present yet - unplug and replug the command station")
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--board", choices=sorted(KNOWN_BOARDS), action="append",
                    help="limit to these boards (default: all known)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="just print the rules")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    boards = {k: v for k, v in KNOWN_BOARDS.items() if not args.board or k in args.board}
    text = render_rules(boards, args.group)
    if args.print_only:
        sys.stdout.write(text)
        return 0

    if install_rules(text, args.dry_run) != 0:
        log.error("could not install rules; run 'sudo -v' first")
        return 1
    add_user_to_group(args.user, args.group, args.dry_run)
    if not args.dry_run:
        check_device()
    log.info("done - log out and back in for the group change to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
