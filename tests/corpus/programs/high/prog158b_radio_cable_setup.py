#!/usr/bin/env python3
"""Radio programming cable setup.

The handheld programming cable (FTDI or CP210x) shows up as a serial
device that only root can open, so CHIRP can't see it. This sets up a
device rule so the cable gets a stable name and group access, and fixes
the permissions on the currently plugged-in cable straight away.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cable_setup")

KNOWN_CABLES = {
    "ftdi": ("0403", "6001"),
    "cp210x": ("10c4", "ea60"),
    "prolific": ("067b", "2303"),
}

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="{link}", GROUP="{group}", MODE="0660"\n'
)


def rules_path(name):
    base = os.path.join(os.sep, "etc", "udev", "rules.d")
    return Path(base) / f"70-mrt-{name}.rules"


def find_devices():
    devs = []
    for pattern in ("ttyUSB*", "ttyACM*"):
        devs.extend(sorted(Path("/dev").glob(pattern)))
    return devs


def usb_ids(dev):
    """Walk sysfs up from the tty to find the USB vendor/product ids."""
    node = Path("/sys/class/tty") / dev.name / "device"
    try:
        node = node.resolve()
    except OSError:
        return None
    for parent in [node] + list(node.parents):
        vid = parent / "idVendor"
        pid = parent / "idProduct"
        if vid.exists() and pid.exists():
            return vid.read_text().strip(), pid.read_text().strip()
    return None


def write_rules(group, dry_run):
    for name, (vid, pid) in KNOWN_CABLES.items():
        text = RULE_TEMPLATE.format(vid=vid, pid=pid, link=f"mrt-{name}", group=group)
        target = rules_path(name)
        if dry_run:
            print(f"# {target}\n{text}")
            continue
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("wrote %s", target)


def fix_live_permissions(group, dry_run):
    gid = grp.getgrnam(group).gr_gid
    for dev in find_devices():
        ids = usb_ids(dev)
        if ids and ids not in KNOWN_CABLES.values():
            log.info("%s (%s:%s) is not a known cable, leaving it", dev, *ids)
            continue
        if dry_run:
            print(f"would chown :{group} and chmod 0666 {dev}")
            continue
        os.chown(dev, -1, gid)
        os.chmod(dev, 0o666)
        log.info("opened up %s for group %s", dev, group)


def reload_rules():
    try:
        subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
        subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.warning("udev reload failed, replug the cable: %s", exc)


def main():
    ap = argparse.ArgumentParser(description="Set up radio programming cable access")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1
    try:
        write_rules(args.group, args.dry_run)
        fix_live_permissions(args.group, args.dry_run)
    except PermissionError as exc:
        log.error("permission denied (%s); run this from an admin account", exc)
        return 1
    if not args.dry_run:
        reload_rules()
    return 0


if __name__ == "__main__":
    sys.exit(main())
