#!/usr/bin/env python3
"""Give the logged-in user access to a USB macro pad.

Finds the macro pad among the input devices listed in /sys/class/input,
installs a udev rule so future plugs get group 'input' with mode 0660, and
fixes the owner of the current device node so the hotkey daemon works
without a replug.  Does not read any key events.
"""
import argparse
import grp
import logging
import os
import sys
from pathlib import Path

SYS_INPUT = Path("/sys/class/input")
RULE_PATH = Path("/etc/udev/rules.d/70-macropad.rules")
RULE_TEMPLATE = ('SUBSYSTEM=="input", ATTRS{{idVendor}}=="{vendor}", '
                 'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
                 'TAG+="uaccess"\n')
log = logging.getLogger("macropad")


def read_attr(path):
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def list_event_devices():
    for node in sorted(SYS_INPUT.glob("event*")):
        dev = node / "device"
        yield {
            "event": node.name,
            "name": read_attr(dev / "name"),
            "vendor": read_attr(dev / "id" / "vendor"),
            "product": read_attr(dev / "id" / "product"),
        }


def find_pad(name_hint):
    hint = name_hint.lower()
    for dev in list_event_devices():
        if hint in dev["name"].lower():
            return dev
    return None


def install_rule(dev, group, dry_run):
    text = RULE_TEMPLATE.format(vendor=dev["vendor"], product=dev["product"], group=group)
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("udev rule already up to date")
        return
    log.info("writing %s", RULE_PATH)
    if not dry_run:
        RULE_PATH.write_text(text)
        os.chmod(RULE_PATH, 0o644)


def fix_current_node(dev, group, dry_run):
    node = Path("/dev/input") / dev["event"]
    gid = grp.getgrnam(group).gr_gid
    log.info("chown root:%s %s and chmod 0660", group, node)
    if not dry_run:
        os.chown(node, 0, gid)
        os.chmod(node, 0o660)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--name", default="macropad", help="substring of the device name")
    p.add_argument("--group", default="input")
    p.add_argument("--list", action="store_true", help="only list input devices")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.list:
        for dev in list_event_devices():
            print(f"{dev['event']:<10} {dev['vendor']}:{dev['product']}  {dev['name']}")
        return 0
    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs root to write the udev rule; re-run with sudo")
        return 1
    dev = find_pad(args.name)
    if dev is None:
        log.error("no input device matching %r; try --list", args.name)
        return 1
    log.info("found %s (%s:%s) at %s", dev["name"], dev["vendor"], dev["product"], dev["event"])
    install_rule(dev, args.group, args.dry_run)
    fix_current_node(dev, args.group, args.dry_run)
    log.info("done; run 'udevadm control --reload' if the pad is replugged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
