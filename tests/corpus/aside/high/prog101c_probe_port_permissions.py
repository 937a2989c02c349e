#!/usr/bin/env python3
"""Make the USB pH/ORP/temperature probe adapters usable by the tank logger.

The tank logger service runs as the 'aquarium' user; after a reboot or a
re-plug the probe adapters come back as root:dialout 0660 and the logger
can't open them.  This finds the known probe adapters and fixes them up.
"""

import argparse
import glob
import grp
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("probe_ports")

KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R (Atlas Scientific probe carrier)",
    ("0403", "6015"): "FTDI FT231X (Neptune probe module)",
    ("10c4", "ea60"): "Silicon Labs CP210x (GHL probe interface)",
    ("1a86", "7523"): "CH340 (generic temperature probe)",
}


def usb_ids(tty_name):
    """Walk up sysfs from the tty to the USB device and read vendor/product."""
    node = Path("/sys/class/tty") / tty_name / "device"
    try:
        node = node.resolve(strict=True)
    except OSError:
        return None
    for parent in (node, *node.parents):
        vendor = parent / "idVendor"
        if vendor.is_file():
            product = (parent / "idProduct").read_text().strip()
            return vendor.read_text().strip(), product
    return None


def discover(include_unknown=False):
    for path in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        ids = usb_ids(os.path.basename(path))
        if ids in KNOWN_ADAPTERS:
            yield path, KNOWN_ADAPTERS[ids]
        elif include_unknown and ids:
            yield path, "unknown adapter %s:%s" % ids


class PortFixer:
    mode = 0o666

    def __init__(self, group, dry_run=False):
        self.group = group
        self.dry_run = dry_run
        self.gid = grp.getgrnam(group).gr_gid if group else -1

    def needs_fix(self, path):
        st = os.stat(path)
        wrong_mode = stat.S_IMODE(st.st_mode) != self.mode
        wrong_group = self.gid != -1 and st.st_gid != self.gid
        return wrong_mode or wrong_group

    def apply(self, path):
        if not self.needs_fix(path):
            log.debug("%s already fine", path)
            return False
        if self.dry_run:
            log.info("would fix %s", path)
            return True
        os.chown(path, -1, self.gid)
        os.chmod(path, self.mode)
        log.info("fixed %s -> %o group %s", path, self.mode, self.group)
        return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--group", default=os.environ.get("PROBE_GROUP", "aquarium"))
    parser.add_argument("--all", action="store_true", help="include unrecognised USB serial adapters")
    parser.add_argument("-n", "--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        fixer = PortFixer(args.group, dry_run=args.dry_run)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2

    found = 0
    errors = 0
    for path, desc in discover(args.all):
        found += 1
        log.info("%s: %s", path, desc)
        try:
            fixer.apply(path)
        except PermissionError:
            log.error("not allowed to change %s; run this from the logger's setup hook", path)
            errors += 1
    if not found:
        log.warning("no probe adapters found; check the USB hub power")
        return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
