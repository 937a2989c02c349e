#!/usr/bin/env python3
"""Identify the storage-site gate relay boards and draft a udev rule for them.

Gate and door relays are cheap USB-serial boards; after a power cut they can
come back as ttyUSB0 or ttyUSB1 in any order.  This tool matches the boards
listed in relays.yaml (by USB serial number) against what udev reports for
each /dev/ttyUSB* node and writes a draft rule file to the current directory
for the site technician to review and install.
"""
import argparse
import glob
import logging
import subprocess
import sys

import yaml

log = logging.getLogger("relay-probe")

DRAFT_PATH = "99-stowright-gate-relays.rules"
KNOWN_VENDORS = {"1a86": "CH340", "0403": "FTDI", "10c4": "CP210x"}


def udev_props(node):
    """Return udev properties for a tty node, as a dict."""
    out = subprocess.run(
        ["udevadm", "info", "--query=property", "--name", node],
        capture_output=True, text=True, check=False, timeout=10,
    )
    if out.returncode != 0:
        log.debug("udevadm failed for %s: %s", node, out.stderr.strip())
        return {}
    return dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)


def scan_ttys():
    """Yield (node, vendor, product, serial) for USB-serial adapters."""
    for node in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        props = udev_props(node)
        vendor = props.get("ID_VENDOR_ID")
        if vendor not in KNOWN_VENDORS:
            continue
        yield node, vendor, props.get("ID_MODEL_ID"), props.get("ID_SERIAL_SHORT")


def load_relays(path):
    with open(path) as fh:
        data = yaml.safe_load(fh) or {}
    relays = data.get("relays", [])
    for r in relays:
        if "name" not in r or "serial" not in r:
            raise ValueError(f"relay entry needs name and serial: {r}")
    return relays


def build_rules(relays, found, group):
    by_serial = {serial: (v, p) for _, v, p, serial in found if serial}
    lines = ["# draft from gate relay probe; review, then install as root"]
    for r in relays:
        hit = by_serial.get(str(r["serial"]))
        if not hit:
            log.warning("relay %s (serial %s) not plugged in", r["name"], r["serial"])
            continue
        vendor, product = hit
        lines.append(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'ATTRS{serial}=="%s", SYMLINK+="gate-%s", GROUP="%s", MODE="0660"'
            % (vendor, product, r["serial"], r["name"], group)
        )
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Identify gate relay boards")
    ap.add_argument("--config", default="relays.yaml")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--out", default=DRAFT_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        relays = load_relays(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("bad config: %s", exc)
        return 2

    try:
        found = list(scan_ttys())
    except FileNotFoundError:
        log.error("udevadm not available on this controller")
        return 1
    for node, vendor, product, serial in found:
        log.info("%s: %s %s:%s serial=%s", node, KNOWN_VENDORS[vendor], vendor, product, serial)
    if not found:
        log.error("no USB-serial relay boards detected")
        return 1

    with open(args.out, "w") as fh:
        fh.write(build_rules(relays, found, args.group))
    log.info("wrote %s; ask the site technician to install it under rules.d", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
