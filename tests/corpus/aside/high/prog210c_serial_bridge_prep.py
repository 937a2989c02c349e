#!/usr/bin/env python3
"""Prepare USB-serial bridges for the puzzle boards.

Each puzzle board (keypads, RFID readers, pressure plates) talks over a
CP210x or CH340 USB-serial adapter. This loads the right kernel driver,
finds the adapters and hands the device nodes to the show-control user.
"""
import argparse
import glob
import grp
import logging
import os
import pwd
import subprocess
import sys

LOG = logging.getLogger("serial-prep")
DRIVERS = {"10c4": "cp210x", "1a86": "ch341"}


def vendor_of(tty):
    """Read the USB vendor id of a tty through a shell lookup in sysfs."""
    name = os.path.basename(tty)
    cmd = (f'd=$(readlink -f /sys/class/tty/{name}/device); '
           f'while [ "$d" != "/" ] && [ ! -f "$d/idVendor" ]; do d=$(dirname "$d"); done; '
           f'cat "$d/idVendor" 2>/dev/null')
    res = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    return res.stdout.strip() or None


def load_drivers(needed):
    for mod in sorted(needed):
        LOG.info("loading kernel module %s", mod)
        res = subprocess.run(["sudo", "modprobe", mod], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("modprobe %s failed: %s", mod, res.stderr.strip())


def hand_over(tty, user, group, mode):
    subprocess.run(["sudo", "chown", f"{user}:{group}", tty], check=True)
    subprocess.run(["sudo", "chmod", mode, tty], check=True)
    LOG.info("%s -> %s:%s mode %s", tty, user, group, mode)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--user", default=os.environ.get("SHOW_USER", "showctl"))
    p.add_argument("--group", default="dialout")
    p.add_argument("--mode", default="0660")
    p.add_argument("--preload", action="store_true",
                   help="load all known drivers before scanning")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        pwd.getpwnam(args.user)
        grp.getgrnam(args.group)
    except KeyError as exc:
        LOG.error("unknown user or group: %s", exc)
        return 1

    if args.preload:
        load_drivers(set(DRIVERS.values()))

    ttys = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    if not ttys:
        LOG.warning("no serial adapters found")
        return 0

    needed = set()
    for tty in ttys:
        vid = vendor_of(tty)
        if vid in DRIVERS:
            needed.add(DRIVERS[vid])
    if needed and not args.preload:
        load_drivers(needed)

    failures = 0
    for tty in ttys:
        try:
            hand_over(tty, args.user, args.group, args.mode)
        except subprocess.CalledProcessError as exc:
            LOG.error("could not prepare %s: %s", tty, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
