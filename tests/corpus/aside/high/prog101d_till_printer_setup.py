#!/usr/bin/env python3
"""Make the bar till's receipt printer usable by the till app.

The ESC/POS receipt printer behind the bar shows up as /dev/usb/lpN and is
owned by root:lp with 0660, so the till app (running as the 'till' kiosk
user) cannot print and the bar staff end up hand-writing receipts. This
finds the printer on the USB bus, installs a udev rule so it always comes up
as /dev/till_printer with the right permissions, and fixes the node that is
there right now so nobody has to reboot mid-evening.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("till_printer")

KNOWN_PRINTERS = {
    ("04b8", "0202"): "Epson TM-T88",
    ("04b8", "0e15"): "Epson TM-T20II",
    ("0519", "0003"): "Star TSP100",
    ("0416", "5011"): "Winbond POS-58 (generic)",
}
RULE_FILE = Path("/etc/udev/rules.d/60-clubhouse-till-printer.rules")
RULE_TEMPLATE = (
    '# installed by till_printer_setup.py - bar till receipt printer\n'
    'SUBSYSTEMS=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'KERNEL=="lp*", GROUP="{group}", MODE="{mode}", SYMLINK+="till_printer"\n'
)


def find_printer(sysfs=Path("/sys/bus/usb/devices")):
    for dev in sorted(sysfs.iterdir()):
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        if (vid, pid) in KNOWN_PRINTERS:
            lp_nodes = sorted(dev.glob("*/usbmisc/lp*"))
            node = Path("/dev/usb") / lp_nodes[0].name if lp_nodes else None
            return vid, pid, KNOWN_PRINTERS[(vid, pid)], node
    return None


def write_rule(vid, pid, group, mode, dry_run=False):
    text = RULE_TEMPLATE.format(vid=vid, pid=pid, group=group, mode=mode)
    if RULE_FILE.exists() and RULE_FILE.read_text() == text:
        log.info("udev rule already up to date")
        return False
    log.info("writing %s", RULE_FILE)
    if not dry_run:
        RULE_FILE.parent.mkdir(parents=True, exist_ok=True)
        RULE_FILE.write_text(text)
        os.chmod(RULE_FILE, 0o644)
    return True


def reload_udev(dry_run=False):
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=usbmisc"]):
        log.debug("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True, timeout=30)


def fix_current_node(node, group, mode, dry_run=False):
    if node is None or not node.exists():
        log.warning("printer node not present; the rule will apply on next plug-in")
        return
    gid = grp.getgrnam(group).gr_gid
    log.info("setting %s to group %s mode %s", node, group, mode)
    if not dry_run:
        os.chown(node, -1, gid)
        os.chmod(node, int(mode, 8))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--group", default="till", help="group the till app runs as")
    p.add_argument("--mode", default="0666")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    found = find_printer()
    if not found:
        log.error("no known receipt printer on the USB bus; is it switched on?")
        return 1
    vid, pid, model, node = found
    log.info("found %s (%s:%s) at %s", model, vid, pid, node)

    try:
        grp.getgrnam(args.group)
    except KeyError:
        log.error("group %r does not exist", args.group)
        return 1

    try:
        if write_rule(vid, pid, args.group, args.mode, args.dry_run):
            reload_udev(args.dry_run)
        fix_current_node(node, args.group, args.mode, args.dry_run)
    except PermissionError as exc:
        log.error("%s - run this with the till admin account", exc)
        return 1
    except subprocess.CalledProcessError as exc:
        log.error("udevadm failed: %s", exc)
        return 1
    log.info("done; the till app can print to /dev/till_printer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
