#!/usr/bin/env python3
"""Give the mews weighing scales stable device names.

The perch scales hang off cheap USB-serial adaptors that come up as
ttyUSB0/1/2 in whatever order the hub enumerates them, so the weight logger
kept reading the falcon block's scale as the owl barn's.  This finds the
attached adaptors, matches their serial numbers against scales.json and
installs a udev rule giving each a fixed /dev/mews-scale-<name> link.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scale-udev")
RULES_PATH = Path("/etc/udev/rules.d/72-hawkridge-scales.rules")
KNOWN_ADAPTORS = {("0403", "6001"), ("067b", "2303"), ("1a86", "7523"), ("10c4", "ea60")}


def read_attr(path, name):
    try:
        return (path / name).read_text().strip()
    except OSError:
        return ""


def attached_adaptors():
    """Yield (tty, vendor, product, serial) for every USB-serial tty."""
    for tty in sorted(Path("/sys/class/tty").glob("ttyUSB*")):
        dev = (tty / "device").resolve()
        usb = dev
        while usb != usb.parent and not (usb / "idVendor").exists():
            usb = usb.parent
        vendor, product = read_attr(usb, "idVendor"), read_attr(usb, "idProduct")
        if (vendor, product) not in KNOWN_ADAPTORS:
            LOG.debug("%s: %s:%s not a known adaptor", tty.name, vendor, product)
            continue
        yield tty.name, vendor, product, read_attr(usb, "serial")


def build_rules(mapping, adaptors, group):
    lines = ["# Managed by scale_udev_install.py - stable names for mews scales"]
    matched = 0
    for tty, vendor, product, serial in adaptors:
        name = mapping.get(serial)
        if not name:
            LOG.warning("%s (serial %s) not listed in scales.json", tty, serial or "?")
            continue
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
            f'ATTRS{{serial}}=="{serial}", SYMLINK+="mews-scale-{name}", GROUP="{group}", MODE="0660"'
        )
        LOG.info("%s -> /dev/mews-scale-%s", tty, name)
        matched += 1
    return "\n".join(lines) + "\n", matched


def install(text):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        LOG.info("rules unchanged")
        return False
    tmp = RULES_PATH.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, RULES_PATH)
    LOG.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty", "--action=add"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode:
            LOG.error("%s failed: %s", " ".join(cmd), res.stderr.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="scales.json", help="serial number -> scale name")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the rules instead of installing them")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        mapping = json.loads(Path(args.map).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.map, exc)
        return 1

    text, matched = build_rules(mapping, list(attached_adaptors()), args.group)
    if args.print_only:
        sys.stdout.write(text)
        return 0
    if not matched:
        LOG.error("no listed scales attached; nothing to install")
        return 1

    if os.geteuid() != 0:
        LOG.info("re-running with sudo to install the rule")
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__),
                           "--map", os.path.abspath(args.map), "--group", args.group])

    if install(text):
        reload_udev()
    return 0


if __name__ == "__main__":
    sys.exit(main())
