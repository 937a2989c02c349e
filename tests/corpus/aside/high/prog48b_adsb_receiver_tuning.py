#!/usr/bin/env python3
"""Prepare an airfield ADS-B/MLAT receiver host.

The RTL-SDR dongle is grabbed by the kernel's DVB-T driver on boot, and the
feeder drops UDP Beast frames under load. This helper blacklists the DVB
driver, unloads it, and raises the socket receive buffers so the decoder
and the MLAT client keep up during busy arrival banks.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("adsb-prep")

BLACKLIST_FILE = Path("/etc/modprobe.d/rtl-sdr-blacklist.conf")
DVB_MODULES = ["dvb_usb_rtl28xxu", "rtl2832_sdr", "rtl2832", "r820t"]
SYSCTL_TARGETS = {
    "net/core/rmem_max": 8388608,
    "net/core/rmem_default": 1048576,
    "net/core/netdev_max_backlog": 5000,
}


def loaded_modules():
    with open("/proc/modules") as fh:
        return {line.split()[0] for line in fh}


def write_blacklist(modules):
    body = "# written by adsb-prep: keep DVB-T drivers off the SDR dongle\n"
    body += "".join(f"blacklist {m}\n" for m in modules)
    if BLACKLIST_FILE.exists() and BLACKLIST_FILE.read_text() == body:
        return False
    BLACKLIST_FILE.write_text(body)
    log.info("updated %s", BLACKLIST_FILE)
    return True


def unload(modules):
    present = loaded_modules()
    for mod in modules:
        if mod not in present:
            continue
        rc = subprocess.call(["modprobe", "-r", mod])
        log.info("modprobe -r %s -> %d", mod, rc)


def tune_buffers(targets):
    for key, wanted in targets.items():
        node = Path("/proc/sys") / key
        try:
            current = int(node.read_text().split()[0])
        except (OSError, ValueError):
            log.warning("cannot read %s", node)
            continue
        if current >= wanted:
            log.info("%s already %d", key, current)
            continue
        node.write_text(f"{wanted}\n")
        log.info("%s: %d -> %d", key, current, wanted)


def dongle_present():
    for dev in Path("/sys/bus/usb/devices").glob("*/idVendor"):
        try:
            vid = dev.read_text().strip()
            pid = (dev.parent / "idProduct").read_text().strip()
        except OSError:
            continue
        if vid == "0bda" and pid in {"2832", "2838"}:
            return True
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-sysctl", action="store_true")
    ap.add_argument("--force", action="store_true", help="proceed without a dongle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        log.error("must run as root on the receiver host")
        return 1
    if not dongle_present() and not args.force:
        log.error("no RTL2832U dongle found on USB")
        return 1

    write_blacklist(DVB_MODULES)
    unload(DVB_MODULES)
    if not args.skip_sysctl:
        tune_buffers(SYSCTL_TARGETS)
    log.info("receiver host prepared; restart the decoder to pick up the dongle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
