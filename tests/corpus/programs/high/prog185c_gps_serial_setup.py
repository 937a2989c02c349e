#!/usr/bin/env python3
"""Set up the USB GPS puck used by the passage-planning laptop.

The skippers plug a u-blox puck into whichever laptop is on the chart table.
This gives it a stable device name (/dev/bwc-gps) through a udev rule and
makes it readable by the planning software without running that as root.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gps-setup")

RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "99-bwc-gps.rules"
KNOWN_PUCKS = {
    "ublox7": ("1546", "01a7"),
    "ublox8": ("1546", "01a8"),
    "globalsat": ("067b", "2303"),
}
DEFAULT_MODEL = os.environ.get("BWC_GPS_MODEL", "ublox7")


def rule_text(vendor, product):
    return (
        "# Bluewater Charters - chart table GPS puck\n"
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
        f'ATTRS{{idProduct}}=="{product}", SYMLINK+="bwc-gps", MODE="0666"\n'
    )


def elevated(cmd, **kw):
    """Run a command with the admin rights the udev steps need."""
    full = ["sudo", "-n"] + cmd if os.geteuid() != 0 else cmd
    log.debug("run: %s", " ".join(full))
    return subprocess.run(full, check=True, **kw)


def install_rule(model):
    vendor, product = KNOWN_PUCKS[model]
    target = RULES_DIR / RULE_NAME
    text = rule_text(vendor, product)
    if target.exists() and target.read_text() == text:
        log.info("udev rule already current")
        return False
    elevated(["tee", str(target)], input=text.encode(), stdout=subprocess.DEVNULL)
    elevated(["chmod", "0644", str(target)])
    log.info("wrote %s", target)
    return True


def reload_udev():
    elevated(["udevadm", "control", "--reload-rules"])
    elevated(["udevadm", "trigger", "--subsystem-match=tty"])


def open_existing(devices):
    for dev in devices:
        if Path(dev).exists():
            elevated(["chmod", "0666", dev])
            log.info("opened %s for the planning software", dev)


def main():
    ap = argparse.ArgumentParser(description="Configure chart-table GPS puck")
    ap.add_argument("--model", choices=sorted(KNOWN_PUCKS), default=DEFAULT_MODEL)
    ap.add_argument("--device", action="append", default=[],
                    help="existing tty to open now, e.g. /dev/ttyACM0")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not sys.platform.startswith("linux"):
        log.error("only supported on the Linux planning laptops")
        return 1
    try:
        if install_rule(args.model):
            reload_udev()
        open_existing(args.device or ["/dev/ttyACM0", "/dev/ttyUSB0"])
    except subprocess.CalledProcessError as exc:
        log.error("step failed (%s); ask the office for admin rights", exc)
        return 1
    log.info("GPS ready at /dev/bwc-gps once replugged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
