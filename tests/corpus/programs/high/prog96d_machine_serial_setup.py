#!/usr/bin/env python3
"""Prepare USB-serial adapters for dialysis machine data capture.

Bay PCs read treatment records from the machines through FTDI or Prolific
USB-serial cables. On the stripped-down bay image the drivers are not
loaded automatically and the tty nodes come up root-only, so the capture
service (running as the 'capture' group) cannot open them. This tool loads
the right driver, fixes the device group and mode, and checks that each
configured port answers.
"""
import argparse
import grp
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("serial_setup")

DRIVERS = {"0403": "ftdi_sio", "067b": "pl2303", "10c4": "cp210x"}
CAPTURE_GROUP = "capture"
PORTS_FILE = Path("ports.json")


def elevate_cmd():
    """Pick whichever privilege helper the image has."""
    if os.geteuid() == 0:
        return []
    for helper in ("sudo", "doas", "pkexec"):
        path = shutil.which(helper)
        if path:
            return [path, "-n"] if helper == "sudo" else [path]
    raise RuntimeError("no privilege helper available (sudo/doas/pkexec)")


def run_privileged(args, check=True):
    cmd = elevate_cmd() + args
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def attached_vendors():
    vendors = set()
    for dev in Path("/sys/bus/usb/devices").glob("*"):
        vid_file = dev / "idVendor"
        if vid_file.exists():
            vendors.add(vid_file.read_text().strip().lower())
    return vendors


def load_drivers():
    loaded = Path("/proc/modules").read_text()
    for vid in sorted(attached_vendors() & DRIVERS.keys()):
        mod = DRIVERS[vid]
        if f"{mod} " in loaded:
            continue
        LOG.info("loading %s for vendor %s", mod, vid)
        run_privileged(["modprobe", mod])
    time.sleep(1.5)  # give udev time to create the nodes


def fix_permissions(devices):
    try:
        grp.getgrnam(CAPTURE_GROUP)
    except KeyError:
        LOG.error("group %s does not exist on this bay PC", CAPTURE_GROUP)
        return False
    for dev in devices:
        if not Path(dev).exists():
            LOG.warning("%s not present", dev)
            continue
        run_privileged(["chgrp", CAPTURE_GROUP, dev])
        run_privileged(["chmod", "0660", dev])
        LOG.info("%s -> group %s, mode 0660", dev, CAPTURE_GROUP)
    return True


def probe_port(dev, baud):
    """Send the machine's status query and see if anything comes back."""
    try:
        import serial  # pyserial
    except ImportError:
        LOG.warning("pyserial not installed, skipping probe of %s", dev)
        return None
    try:
        with serial.Serial(dev, baudrate=baud, timeout=2) as port:
            port.write(b"\x05STS\r")
            reply = port.read(64)
            return bool(reply)
    except (serial.SerialException, OSError) as exc:
        LOG.warning("probe %s failed: %s", dev, exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ports", default=str(PORTS_FILE), help="JSON list of {device, bay, baud}")
    ap.add_argument("--no-probe", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        ports = json.loads(Path(args.ports).read_text())
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.ports, exc)
        return 2

    try:
        load_drivers()
        if not fix_permissions([p["device"] for p in ports]):
            return 1
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("setup failed: %s", getattr(exc, "stderr", None) or exc)
        return 1

    if not args.no_probe:
        for p in ports:
            result = probe_port(p["device"], p.get("baud", 9600))
            status = {True: "answering", False: "NO REPLY", None: "not probed"}[result]
            LOG.info("bay %s (%s): %s", p.get("bay", "?"), p["device"], status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
