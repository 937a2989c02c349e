#!/usr/bin/env python3
"""Set up a USB RFID ear-tag stick reader for the herd software.

Finds the reader among attached USB serial devices, installs a udev rule
so it always appears as /dev/eartag with group access for the herd
software, and fixes permissions on the device node that is attached now
so the reader works without re-plugging.
"""

import argparse
import grp
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("eartag-setup")

KNOWN_READERS = {
    ("0403", "6001"): "FTDI-based stick reader (Gallagher/Tru-Test HR series)",
    ("10c4", "ea60"): "CP210x-based stick reader (Agrident AWR)",
    ("067b", "2303"): "PL2303-based panel reader",
}
RULE_PATH = Path("/etc/udev/rules.d/99-eartag-reader.rules")
RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", '
                 'ATTRS{{idProduct}}=="{pid}", SYMLINK+="eartag", '
                 'GROUP="{group}", MODE="0660"\n')


def ensure_root() -> None:
    if os.geteuid() != 0:
        log.info("root needed to install udev rule, re-running with sudo")
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__),
                           *sys.argv[1:]])


def find_readers():
    for tty in sorted(Path("/sys/class/tty").glob("ttyUSB*")) + \
               sorted(Path("/sys/class/tty").glob("ttyACM*")):
        dev = tty.resolve() / "device"
        node = dev
        for _ in range(6):  # walk up to the usb_device with idVendor
            node = node.parent
            vid_file = node / "idVendor"
            if vid_file.exists():
                vid = vid_file.read_text().strip()
                pid = (node / "idProduct").read_text().strip()
                if (vid, pid) in KNOWN_READERS:
                    yield tty.name, vid, pid
                break


def install_rule(vid: str, pid: str, group: str) -> bool:
    rule = RULE_TEMPLATE.format(vid=vid, pid=pid, group=group)
    existing = RULE_PATH.read_text() if RULE_PATH.exists() else ""
    if rule in existing:
        log.info("udev rule already present")
        return False
    with RULE_PATH.open("a") as fh:
        fh.write(f"# {KNOWN_READERS[(vid, pid)]}\n{rule}")
    os.chmod(RULE_PATH, 0o644)
    log.info("wrote %s", RULE_PATH)
    return True


def reload_udev() -> None:
    for args in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        subprocess.run(args, check=True)


def fix_current_node(tty: str, group: str) -> None:
    node = Path("/dev") / tty
    gid = grp.getgrnam(group).gr_gid
    os.chown(node, 0, gid)
    os.chmod(node, 0o660)
    log.info("%s now %s:%s 0660", node, "root", group)


def add_user_to_group(user: str, group: str) -> None:
    members = grp.getgrnam(group).gr_mem
    if user in members:
        return
    subprocess.run(["usermod", "-aG", group, user], check=True)
    log.info("added %s to %s (log out and in again to take effect)", user, group)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or
                    pwd.getpwuid(os.getuid()).pw_name)
    ap.add_argument("--list", action="store_true", help="only list readers")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    readers = list(find_readers())
    if not readers:
        log.error("no supported ear-tag reader found; is it plugged in?")
        return 1
    for tty, vid, pid in readers:
        log.info("found %s on /dev/%s (%s:%s)", KNOWN_READERS[(vid, pid)], tty, vid, pid)
    if args.list:
        return 0

    ensure_root()
    tty, vid, pid = readers[0]
    if install_rule(vid, pid, args.group):
        reload_udev()
    fix_current_node(tty, args.group)
    add_user_to_group(args.user, args.group)
    log.info("reader ready at /dev/eartag")
    return 0


if __name__ == "__main__":
    sys.exit(main())
