#!/usr/bin/env python3
"""Tank probe serial reader.

Finds the USB-RS485 adapters that the fermenter temperature probes hang off,
sets the line speed, and appends readings from each probe to a CSV in the
working directory.  A lock file keeps two readers from fighting over a port.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("probe-reader")

SYSFS_TTY = Path("/sys/class/tty")
KNOWN_VENDORS = {"0403": "FTDI", "1a86": "CH340", "10c4": "CP210x"}
LOCK_FILE = "/tmp/fermenter_probes.lock"


def usb_attr(tty, name):
    """Walk up the sysfs device tree until the USB attribute shows up."""
    dev = (SYSFS_TTY / tty / "device").resolve()
    for parent in [dev, *dev.parents]:
        attr = parent / name
        if attr.is_file():
            return attr.read_text().strip()
    return None


def discover():
    found = []
    for entry in sorted(SYSFS_TTY.glob("ttyUSB*")):
        vendor = usb_attr(entry.name, "idVendor")
        if vendor not in KNOWN_VENDORS:
            continue
        found.append({"tty": entry.name, "vendor": vendor,
                      "serial": usb_attr(entry.name, "serial") or ""})
    LOG.info("found %d probe adapters", len(found))
    return found


def configure_port(tty, baud):
    cmd = ["stty", "-F", f"/dev/{tty}", str(baud), "cs8", "-cstopb", "-parenb", "raw", "-echo"]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    if result.returncode != 0:
        raise OSError(result.stderr.strip() or f"stty failed on {tty}")


def take_lock():
    if os.path.exists(LOCK_FILE):
        with open(LOCK_FILE) as fh:
            LOG.error("another reader (pid %s) holds %s", fh.read().strip(), LOCK_FILE)
        return False
    with open(LOCK_FILE, "w") as fh:
        fh.write(str(os.getpid()))
    return True


def read_line(tty):
    """Probes broadcast a line like 'T=18.42;ID=FV3' every few seconds."""
    with open(f"/dev/{tty}", "rb", buffering=0) as port:
        raw = port.readline().decode(errors="replace").strip()
    fields = dict(part.split("=", 1) for part in raw.split(";") if "=" in part)
    return fields.get("ID", tty), float(fields.get("T", "nan"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--out", default="probe_readings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapters = discover()
    if not adapters:
        LOG.error("no probe adapters plugged in")
        return 1
    if not take_lock():
        return 1
    try:
        for ad in adapters:
            configure_port(ad["tty"], args.baud)
        with open(args.out, "a", newline="") as fh:
            writer = csv.writer(fh)
            while True:
                stamp = datetime.now().isoformat(timespec="seconds")
                for ad in adapters:
                    try:
                        tank, temp = read_line(ad["tty"])
                        writer.writerow([stamp, tank, temp])
                    except (OSError, ValueError) as exc:
                        LOG.warning("%s: %s", ad["tty"], exc)
                fh.flush()
                time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        os.unlink(LOCK_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
