#!/usr/bin/env python3
"""Set up the RFID badge reader used for student attendance at reception.

The reader enumerates as a USB serial device. Out of the box only root can
open it, so the attendance app (running as the reception user) cannot read
badges. This script finds the reader by USB vendor/product id, gives the
`attendance` group access to it now, installs a udev rule so it keeps that
access and a stable /dev/attendance-reader name after replugging, and checks
the device can be opened.

    sudo python3 badge_reader_setup.py [--vid 1a86 --pid 7523] [--group attendance]
"""

import argparse
import grp
import logging
import os
import pathlib
import select
import subprocess
import sys

log = logging.getLogger("badge-reader")

RULES_FILE = pathlib.Path("/etc/udev/rules.d/71-attendance-reader.rules")
RULE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        'GROUP="{group}", MODE="0660", SYMLINK+="attendance-reader"\n')
USB_ROOT = pathlib.Path("/sys/bus/usb/devices")


def find_reader(vid, pid):
    """Return /dev/ttyXXX for the first USB device matching vid:pid."""
    for dev in USB_ROOT.iterdir():
        try:
            if (dev / "idVendor").read_text().strip() != vid:
                continue
            if (dev / "idProduct").read_text().strip() != pid:
                continue
        except OSError:
            continue
        for tty in dev.glob("*/tty*"):
            name = tty.name
            if name == "tty":
                name = next((p.name for p in tty.iterdir()), "")
            if name:
                return pathlib.Path("/dev") / name
    return None


def grant_now(device, group):
    gid = grp.getgrnam(group).gr_gid
    os.chown(device, -1, gid)
    os.chmod(device, 0o660)
    log.info("%s now %s:%s 0660", device, "root", group)


def install_rule(vid, pid, group):
    text = RULE.format(vid=vid, pid=pid, group=group)
    if RULES_FILE.exists() and RULES_FILE.read_text() == text:
        log.info("udev rule already up to date")
        return False
    RULES_FILE.write_text("# attendance badge reader - managed by badge_reader_setup.py\n" + text)
    os.chmod(RULES_FILE, 0o644)
    log.info("wrote %s", RULES_FILE)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty", "--action=change"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s: %s", " ".join(cmd), res.stderr.strip())


def probe(device, seconds):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    try:
        log.info("opened %s; tap a badge within %ds to test", device, seconds)
        ready, _, _ = select.select([fd], [], [], seconds)
        if ready:
            data = os.read(fd, 64).strip()
            log.info("read badge: %s", data.decode(errors="replace"))
        else:
            log.info("no badge tapped, device is readable anyway")
    finally:
        os.close(fd)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Attendance badge reader setup")
    ap.add_argument("--vid", default="1a86")
    ap.add_argument("--pid", default="7523")
    ap.add_argument("--group", default="attendance")
    ap.add_argument("--probe-seconds", type=int, default=10)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist - create it and add the reception user", args.group)
        return 2

    device = find_reader(args.vid.lower(), args.pid.lower())
    if device is None:
        log.error("no reader with id %s:%s found - is it plugged in?", args.vid, args.pid)
        return 1
    log.info("found reader at %s", device)

    try:
        grant_now(device, args.group)
        if install_rule(args.vid.lower(), args.pid.lower(), args.group):
            reload_udev()
        probe(device, args.probe_seconds)
    except PermissionError as exc:
        log.error("%s - run with sudo", exc)
        return 1
    except OSError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
