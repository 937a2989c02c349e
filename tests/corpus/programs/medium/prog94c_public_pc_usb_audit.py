#!/usr/bin/env python3
"""Audit USB devices on a public-access PC against the branch USB policy.

Public PCs may use USB keyboards, mice, card readers for library cards and
the headset loaners, but mass storage is only allowed on the designated
scanning station.  This tool inventories the attached USB devices, flags
mass-storage devices on seats that should not have them and writes a JSON
report that IT collects with the nightly inventory job.
"""
import argparse
import json
import logging
import socket
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("usb-audit")
SYSFS_USB = Path("/sys/bus/usb/devices")
MASS_STORAGE_CLASS = "08"


def load_policy(path):
    defaults = {"storage_allowed_seats": [], "report_dir": "usb_reports"}
    try:
        with open(path, encoding="utf-8") as fh:
            defaults.update(json.load(fh))
    except FileNotFoundError:
        LOG.info("no policy file at %s, using defaults", path)
    return defaults


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def lsusb_names():
    """Map vendor:product to the human readable name lsusb knows about."""
    names = {}
    try:
        proc = subprocess.run(["lsusb"], capture_output=True, text=True, timeout=10)
    except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
        LOG.warning("lsusb unavailable: %s", exc)
        return names
    for line in proc.stdout.splitlines():
        parts = line.split(None, 6)
        if len(parts) >= 6 and parts[4] == "ID":
            names[parts[5]] = parts[6] if len(parts) > 6 else ""
    return names


def interface_classes(dev):
    classes = set()
    for intf in dev.parent.glob(f"{dev.name}:*"):
        cls = read_attr(intf, "bInterfaceClass")
        if cls:
            classes.add(cls)
    return classes


def inventory():
    names = lsusb_names()
    devices = []
    for dev in sorted(SYSFS_USB.glob("[0-9]*-*")):
        if ":" in dev.name:
            continue
        vid, pid = read_attr(dev, "idVendor"), read_attr(dev, "idProduct")
        devices.append({
            "port": dev.name,
            "vendor": vid,
            "product": pid,
            "name": names.get(f"{vid}:{pid}") or read_attr(dev, "product"),
            "interfaces": sorted(interface_classes(dev)),
        })
    return devices


class StoragePolicy:
    def __init__(self, seat, allowed):
        self.seat = seat
        self.allowed = seat in allowed

    def violations(self, devices):
        if self.allowed:
            return []
        return [d for d in devices if MASS_STORAGE_CLASS in d["interfaces"]]


def write_report(report_dir, seat, devices, policy, flagged):
    out = Path(report_dir)
    out.mkdir(exist_ok=True)
    path = out / f"{seat}-{datetime.now():%Y%m%d-%H%M}.json"
    path.write_text(json.dumps({
        "seat": seat,
        "storage_allowed": policy.allowed,
        "devices": devices,
        "violations": flagged,
    }, indent=2))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="usb_policy.json")
    ap.add_argument("--seat", default=socket.gethostname().split(".")[0])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    policy_cfg = load_policy(args.policy)
    devices = inventory()
    LOG.info("%d USB devices attached", len(devices))
    policy = StoragePolicy(args.seat, policy_cfg["storage_allowed_seats"])
    flagged = policy.violations(devices)
    for dev in flagged:
        LOG.warning("mass storage on %s: %s (%s:%s)", dev["port"], dev["name"],
                    dev["vendor"], dev["product"])
    report = write_report(policy_cfg["report_dir"], args.seat, devices, policy, flagged)
    LOG.info("report written to %s", report)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
