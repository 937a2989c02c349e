#!/usr/bin/env python3
"""Bring up the CAN interfaces used by the ride restraint monitors.

Loads the kernel CAN modules and configures each interface with the bitrate
the restraint controllers expect, then verifies the link is up.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("canbus_setup")

KERNEL_MODULES = ["can", "can_raw", "can_dev", "gs_usb"]


@dataclass
class CanInterface:
    name: str
    bitrate: int
    restart_ms: int = 100
    txqueuelen: int = 1000


RIDE_PROFILES = {
    "coaster": [CanInterface("can0", 500000), CanInterface("can1", 250000)],
    "flume": [CanInterface("can0", 250000)],
    "dark_ride": [CanInterface("can0", 125000, restart_ms=200)],
}


def privileged(cmd):
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", " ".join(full))
    result = subprocess.run(full, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("%s failed: %s", cmd[0], result.stderr.strip())
    return result.returncode == 0


def load_modules(modules):
    for module in modules:
        if not privileged(["modprobe", module]):
            log.warning("module %s not loaded", module)


def configure(iface):
    steps = [
        ["ip", "link", "set", iface.name, "down"],
        ["ip", "link", "set", iface.name, "type", "can",
         "bitrate", str(iface.bitrate), "restart-ms", str(iface.restart_ms)],
        ["ip", "link", "set", iface.name, "txqueuelen", str(iface.txqueuelen)],
        ["ip", "link", "set", iface.name, "up"],
    ]
    for step in steps:
        if not privileged(step):
            return False
    return True


def link_state(name):
    result = subprocess.run(["ip", "-details", "link", "show", name],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return "missing"
    return "up" if "state UP" in result.stdout or "ERROR-ACTIVE" in result.stdout else "down"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("ride", choices=sorted(RIDE_PROFILES))
    parser.add_argument("--skip-modules", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if shutil.which("ip") is None:
        log.error("iproute2 not installed")
        sys.exit(1)

    if not args.skip_modules:
        load_modules(KERNEL_MODULES)

    failures = 0
    for iface in RIDE_PROFILES[args.ride]:
        if configure(iface):
            log.info("%s configured at %d bit/s: %s", iface.name, iface.bitrate, link_state(iface.name))
        else:
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
