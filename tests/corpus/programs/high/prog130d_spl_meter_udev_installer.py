#!/usr/bin/env python3
"""Install udev rules for the USB SPL meters used in the rehearsal rooms.

The noise monitoring script needs to open the meter's HID node without root.
This finds the attached meters with lsusb, matches them against the known
models, writes a rules file into ./build/udev and installs it on this room
machine, then reloads udev so the meter works without a reboot.
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
RULES_DIR = "/etc/udev/rules.d"


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


class Elevated:
    """Runs the few install steps that need root through polkit."""

    helper = os.environ.get("SPL_ELEVATE", "pkexec")

    @classmethod
    def run(cls, *argv, stdin=None):
        cmd = [cls.helper] + list(argv)
        LOG.debug("running %s", cmd)
        return subprocess.run(cmd, input=stdin, text=True, timeout=120, check=True)


def install_rules(staged, rules_dir=RULES_DIR):
    dest = os.path.join(rules_dir, RULE_NAME)
    with open(staged, encoding="utf-8") as fh:
        Elevated.run("tee", dest, stdin=fh.read())
    Elevated.run("chmod", "0644", dest)
    Elevated.run("udevadm", "control", "--reload-rules")
    Elevated.run("udevadm", "trigger", "--subsystem-match=usb", "--subsystem-match=hidraw")
    return dest


def main():
    ap = argparse.ArgumentParser(description="Install udev rules for USB SPL meters")
    ap.add_argument("--group", default="audio")
    ap.add_argument("--symlink-prefix", default="splmeter")
    ap.add_argument("--out-dir", default=os.path.join("build", "udev"))
    ap.add_argument("--include-unknown", action="store_true")
    ap.add_argument("--from-file", help="parse saved lsusb output instead of running lsusb")
    ap.add_argument("--stage-only", action="store_true", help="write ./build/udev only")
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
    if args.stage_only:
        return 0
    try:
        dest = install_rules(path)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        LOG.error("install failed: %s", exc)
        return 2
    LOG.info("installed %s and reloaded udev", dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
