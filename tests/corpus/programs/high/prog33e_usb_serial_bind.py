#!/usr/bin/env python3
"""Bind custom-VID/PID USB-UART bridges to the right kernel serial driver.

Our production test jigs use CP2102N / CH343 / FT232 bridges reprogrammed
with company VID:PIDs, which the stock drivers do not claim.  This helper
loads the driver module and registers the IDs through sysfs so the jigs
show up as /dev/ttyUSB* without a reboot.  Must run as root.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("usb-serial-bind")

SYSFS_USB_DEVICES = Path("/sys/bus/usb/devices")
DRIVER_PATHS = {
    "cp210x": Path("/sys/bus/usb-serial/drivers/cp210x/new_id"),
    "ch341": Path("/sys/bus/usb-serial/drivers/ch341-uart/new_id"),
    "ftdi_sio": Path("/sys/bus/usb-serial/drivers/ftdi_sio/new_id"),
    "cdc_acm": Path("/sys/bus/usb/drivers/cdc_acm/new_id"),
}
DEFAULT_TABLE = [
    {"vid": "1d50", "pid": "61a7", "driver": "cp210x", "label": "jig-rev-c"},
    {"vid": "1d50", "pid": "61a8", "driver": "ch341", "label": "jig-rev-d"},
    {"vid": "1d50", "pid": "61a9", "driver": "ftdi_sio", "label": "flash-station"},
]


def present_ids():
    ids = set()
    for dev in SYSFS_USB_DEVICES.iterdir():
        vid_file, pid_file = dev / "idVendor", dev / "idProduct"
        if vid_file.exists() and pid_file.exists():
            ids.add((vid_file.read_text().strip(), pid_file.read_text().strip()))
    return ids


def module_loaded(name):
    with open("/proc/modules") as fh:
        return any(line.split()[0] == name for line in fh)


def load_module(name, dry_run):
    if module_loaded(name):
        log.debug("%s already loaded", name)
        return
    log.info("loading kernel module %s", name)
    if not dry_run:
        subprocess.run(["modprobe", name], check=True)
        for _ in range(20):
            if DRIVER_PATHS[name].exists():
                break
            time.sleep(0.1)


def register_id(driver, vid, pid, dry_run):
    target = DRIVER_PATHS[driver]
    line = f"{vid} {pid}\n"
    log.info("echo %r > %s", line.strip(), target)
    if dry_run:
        return True
    try:
        with open(target, "w") as fh:
            fh.write(line)
    except FileExistsError:
        log.info("%s:%s already registered with %s", vid, pid, driver)
    except OSError as exc:
        log.error("cannot write %s: %s", target, exc)
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="bind jig USB-UART bridges to serial drivers")
    ap.add_argument("--table", help="JSON file with vid/pid/driver entries")
    ap.add_argument("--all", action="store_true", help="register even if not plugged in")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root (or use --dry-run)")
        return 1

    table = DEFAULT_TABLE
    if args.table:
        table = json.loads(Path(args.table).read_text())

    plugged = present_ids()
    ok = 0
    for entry in table:
        vid, pid, driver = entry["vid"].lower(), entry["pid"].lower(), entry["driver"]
        if driver not in DRIVER_PATHS:
            log.warning("unknown driver %s for %s", driver, entry.get("label"))
            continue
        if not args.all and (vid, pid) not in plugged:
            log.debug("%s (%s:%s) not attached", entry.get("label"), vid, pid)
            continue
        try:
            load_module(driver, args.dry_run)
        except subprocess.CalledProcessError as exc:
            log.error("modprobe %s failed: %s", driver, exc)
            continue
        if register_id(driver, vid, pid, args.dry_run):
            ok += 1
    log.info("%d bridge id(s) registered", ok)
    return 0 if ok or not plugged else 1


if __name__ == "__main__":
    sys.exit(main())
