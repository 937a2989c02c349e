#!/usr/bin/env python3
"""Generate udev rules for the USB SPL meters used in the rehearsal rooms.

The noise monitoring script needs to open the meter's HID node without root.
This finds the attached meters with lsusb, matches them against the known
models, and writes a rules file into ./build/udev for review. The studio's
config management copies it into place on the room machines.
"""

import argparse
import logging
import os
import re
import subprocess
import sys
from dataclasses import dataclass

LOG = logging.getLogger("spl-udev")

KNOWN_METERS = {
    ("16c0", "05dc"): "Wensn WS1361",
    ("64bd", "74e3"): "Benetech GM1356",
    ("10c4", "ea60"): "UNI-T UT353BT (CP210x)",
    ("1a86", "7523"): "Generic CH340 sound meter",
}
LSUSB_LINE = re.compile(r"Bus (\d+) Device (\d+): ID ([0-9a-f]{4}):([0-9a-f]{4})\s*(.*)", re.I)
RULE_NAME = "70-rehearsal-spl-meter.rules"


@dataclass(frozen=True)
class Meter:
    bus: str
    device: str
    vendor: str
    product: str
    label: str


def list_usb():
    try:
        out = subprocess.check_output(["lsusb"], text=True, timeout=10)
    except FileNotFoundError:
        LOG.error("lsusb not found; install usbutils")
        return []
    except subprocess.CalledProcessError as exc:
        LOG.error("lsusb failed with %s", exc.returncode)
        return []
    return out.splitlines()


def find_meters(lines, include_unknown=False):
    meters = []
    for line in lines:
        m = LSUSB_LINE.match(line.strip())
        if not m:
            continue
        bus, dev, vid, pid, desc = m.groups()
        key = (vid.lower(), pid.lower())
        if key in KNOWN_METERS:
            meters.append(Meter(bus, dev, key[0], key[1], KNOWN_METERS[key]))
        elif include_unknown and "sound" in desc.lower():
            meters.append(Meter(bus, dev, key[0], key[1], desc or "unknown meter"))
    return meters


def render_rules(meters, group, symlink_prefix):
    seen = set()
    out = ["# Rehearsal room SPL meters - generated, do not edit by hand", ""]
    for n, m in enumerate(meters):
        if (m.vendor, m.product) in seen:
            continue
        seen.add((m.vendor, m.product))
        out.append("# %s" % m.label)
        out.append('SUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
                   'MODE="0660", GROUP="%s"' % (m.vendor, m.product, group))
        out.append('SUBSYSTEM=="hidraw", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
                   'MODE="0660", GROUP="%s", SYMLINK+="%s%d"' % (m.vendor, m.product, group, symlink_prefix, n))
        out.append("")
    return "\n".join(out)


def write_rules(text, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, RULE_NAME)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def main():
    ap = argparse.ArgumentParser(description="Generate udev rules for USB SPL meters")
    ap.add_argument("--group", default="audio")
    ap.add_argument("--symlink-prefix", default="splmeter")
    ap.add_argument("--out-dir", default=os.path.join("build", "udev"))
    ap.add_argument("--include-unknown", action="store_true")
    ap.add_argument("--from-file", help="parse saved lsusb output instead of running lsusb")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.from_file:
        with open(args.from_file, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    else:
        lines = list_usb()
    meters = find_meters(lines, args.include_unknown)
    if not meters:
        LOG.error("no SPL meters found")
        return 1
    for m in meters:
        LOG.info("found %s on bus %s device %s (%s:%s)", m.label, m.bus, m.device, m.vendor, m.product)
    path = write_rules(render_rules(meters, args.group, args.symlink_prefix), args.out_dir)
    LOG.info("rules written to %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
