#!/usr/bin/env python3
"""Check that the USB pH/ORP/temperature probe adapters are usable by the tank logger.

The tank logger service runs as the 'aquarium' user; after a reboot or a
re-plug the probe adapters sometimes come back with a group the logger is
not in.  This finds the known probe adapters and reports whether the current
user can open them, so the shop can tell support what is wrong.
"""

import argparse
import glob
import grp
import json
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


class PortReport:
    def __init__(self, path, desc):
        st = os.stat(path)
        self.path = path
        self.desc = desc
        self.mode = stat.S_IMODE(st.st_mode)
        try:
            self.group = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            self.group = str(st.st_gid)
        self.usable = os.access(path, os.R_OK | os.W_OK)

    def as_dict(self):
        return {"path": self.path, "adapter": self.desc, "mode": oct(self.mode),
                "group": self.group, "usable": self.usable}

    def line(self):
        flag = "ok " if self.usable else "NO "
        return f"{flag} {self.path:<14} {oct(self.mode):>6} {self.group:<10} {self.desc}"


def my_groups():
    return sorted(grp.getgrgid(g).gr_name for g in os.getgroups())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="include unrecognised USB serial adapters")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    reports = []
    for path, desc in discover(args.all):
        try:
            reports.append(PortReport(path, desc))
        except OSError as exc:
            log.error("%s: %s", path, exc)

    if args.json:
        print(json.dumps({"groups": my_groups(), "ports": [r.as_dict() for r in reports]}, indent=2))
    else:
        for r in reports:
            print(r.line())
        print(f"\ncurrent user groups: {', '.join(my_groups())}")

    if not reports:
        log.warning("no probe adapters found; check the USB hub power")
        return 1
    blocked = [r for r in reports if not r.usable]
    for r in blocked:
        log.warning("%s is in group '%s'; ask the admin to add the logger user to it", r.path, r.group)
    return 1 if blocked else 0


if __name__ == "__main__":
    sys.exit(main())
