#!/usr/bin/env python3
"""Make the horse microchip (RFID) reader usable by the yard staff account.

The handheld chip reader shows up as a USB serial device. This installs a
device rule so it always gets a stable name and group access, and fixes the
permissions on the current device node so scanning works straight away.
"""
import argparse
import grp
import logging
import os
import stat
import subprocess
from pathlib import Path

LOG = logging.getLogger("rfid-perms")

VENDOR_ID = os.environ.get("RFID_VENDOR", "0403")
PRODUCT_ID = os.environ.get("RFID_PRODUCT", "6001")
STAFF_GROUP = os.environ.get("RFID_GROUP", "dialout")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "99-horse-chip-reader.rules"
DEV_CANDIDATES = ["/dev/ttyUSB0", "/dev/ttyUSB1", "/dev/ttyACM0"]


def rule_text(vendor, product, group):
    return (
        "# Horse microchip reader (tack room)\n"
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
        f'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0666", '
        'SYMLINK+="chipreader"\n'
    )


def install_rule(text, dry_run=False):
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == text:
        LOG.info("rule already installed at %s", target)
        return False
    LOG.info("writing %s", target)
    if not dry_run:
        target.write_text(text)
        os.chmod(target, 0o644)
    return True


def reload_rules(dry_run=False):
    for args in (["udevadm", "control", "--reload-rules"],
                 ["udevadm", "trigger", "--subsystem-match=tty"]):
        LOG.info("running %s", " ".join(args))
        if not dry_run:
            subprocess.run(args, check=False)


def find_device():
    for dev in DEV_CANDIDATES:
        p = Path(dev)
        if p.exists() and stat.S_ISCHR(p.stat().st_mode):
            return p
    return None


def open_device(dev, group, dry_run=False):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        LOG.warning("group %s not found, leaving owner alone", group)
        gid = -1
    LOG.info("setting %s to mode 0666 group %s", dev, group)
    if dry_run:
        return
    os.chmod(dev, 0o666)
    if gid >= 0:
        os.chown(dev, -1, gid)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vendor", default=VENDOR_ID)
    parser.add_argument("--product", default=PRODUCT_ID)
    parser.add_argument("--group", default=STAFF_GROUP)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("run this with root rights (sudo %s)", Path(__file__).name)
        return 1

    changed = install_rule(rule_text(args.vendor, args.product, args.group),
                           args.dry_run)
    if changed:
        reload_rules(args.dry_run)

    dev = find_device()
    if dev is None:
        LOG.info("reader not plugged in; rule will apply next time")
    else:
        open_device(dev, args.group, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
