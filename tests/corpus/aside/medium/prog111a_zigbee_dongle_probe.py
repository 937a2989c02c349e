#!/usr/bin/env python3
"""Identify the Zigbee coordinator stick plugged into an install laptop or hub.

Walks /dev/serial/by-id, asks udev for the vendor/product ids of each port,
matches them against the coordinators PawGate supports and writes:

  * 99-pawgate-zigbee.rules  - a udev rule giving the stick a stable
                               /dev/pawgate-zigbee name
  * zigbee-adapter.yaml      - the adapter block for the hub's zigbee config

Both files land in the current directory for the installer to review.
"""
import argparse
import logging
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

log = logging.getLogger("zigbee-probe")

BY_ID = Path("/dev/serial/by-id")
RULE_NAME = "99-pawgate-zigbee.rules"
SYMLINK = "pawgate-zigbee"

KNOWN_STICKS = {
    ("10c4", "ea60"): ("Sonoff Zigbee 3.0 Dongle Plus (P)", "zstack"),
    ("1a86", "55d4"): ("Sonoff Zigbee 3.0 Dongle Plus (E)", "ember"),
    ("1cf1", "0030"): ("dresden elektronik ConBee II", "deconz"),
    ("10c4", "ea61"): ("Home Assistant SkyConnect", "ember"),
    ("0451", "16a8"): ("TI CC2531", "zstack"),
}


@dataclass
class Stick:
    port: str
    real_dev: str
    vendor: str
    product: str
    serial: str
    label: str
    adapter: str


def udev_properties(dev):
    try:
        out = subprocess.run(
            ["udevadm", "info", "--query=property", "--name", dev],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError) as exc:
        log.debug("udevadm failed for %s: %s", dev, exc)
        return {}
    props = {}
    for line in out.splitlines():
        key, _, val = line.partition("=")
        props[key] = val
    return props


def find_sticks():
    if not BY_ID.is_dir():
        return
    for link in sorted(BY_ID.iterdir()):
        real = str(link.resolve())
        p = udev_properties(real)
        key = (p.get("ID_VENDOR_ID", "").lower(), p.get("ID_MODEL_ID", "").lower())
        if key in KNOWN_STICKS:
            label, adapter = KNOWN_STICKS[key]
            yield Stick(str(link), real, key[0], key[1], p.get("ID_SERIAL_SHORT", ""), label, adapter)
        else:
            log.info("ignoring %s (%s:%s)", link.name, *key)


def render_rule(stick):
    match = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s"' % (stick.vendor, stick.product)
    if stick.serial:
        match += ', ATTRS{serial}=="%s"' % stick.serial
    return "# %s\n%s, SYMLINK+=\"%s\", GROUP=\"dialout\", MODE=\"0660\"\n" % (stick.label, match, SYMLINK)


def render_adapter(stick, baud):
    return {
        "serial": {
            "port": "/dev/" + SYMLINK,
            "adapter": stick.adapter,
            "baudrate": baud,
            "rtscts": False,
        },
        "advanced": {"channel": 15, "log_level": "info"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Find the Zigbee coordinator and draft its config")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--outdir", default=".")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sticks = list(find_sticks())
    if not sticks:
        log.error("no supported coordinator found; check the USB extension cable")
        return 1
    if len(sticks) > 1:
        log.warning("%d coordinators found, using the first: %s", len(sticks), sticks[0].port)
    stick = sticks[0]
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)

    (out / RULE_NAME).write_text(render_rule(stick))
    with open(out / "zigbee-adapter.yaml", "w") as fh:
        yaml.safe_dump(render_adapter(stick, args.baud), fh, sort_keys=False)

    print("Found %s on %s" % (stick.label, stick.real_dev))
    print("Wrote %s and zigbee-adapter.yaml in %s" % (RULE_NAME, out.resolve()))
    print("Review the rule, then hand it to the site admin for the udev rules directory.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
