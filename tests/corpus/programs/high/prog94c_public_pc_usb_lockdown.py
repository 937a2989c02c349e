#!/usr/bin/env python3
"""Apply the branch USB policy on a public-access PC.

Public PCs may use USB keyboards, mice, card readers for library cards and
the headset loaners, but mass storage is only allowed on the designated
scanning station.  This tool inventories the attached USB devices, writes
the module policy and unloads usb-storage on seats that are not allowed to
use it.  Run it from the imaging post-install step.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("usb-policy")
SYSFS_USB = Path("/sys/bus/usb/devices")
MODPROBE_POLICY = Path("/etc/modprobe.d/60-library-public-pc.conf")
POLICY_BODY = """\
# Managed by usb_lockdown - branch public PC USB policy
blacklist usb_storage
blacklist uas
install usb_storage /bin/true
install uas /bin/true
"""


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


def inventory():
    devices = []
    for dev in sorted(SYSFS_USB.glob("[0-9]*-*")):
        if ":" in dev.name:
            continue
        devices.append({
            "port": dev.name,
            "vendor": read_attr(dev, "idVendor"),
            "product": read_attr(dev, "idProduct"),
            "name": read_attr(dev, "product"),
            "class": read_attr(dev, "bDeviceClass"),
        })
    return devices


class StoragePolicy:
    def __init__(self, seat, allowed):
        self.seat = seat
        self.allowed = seat in allowed

    def enforce(self, dry_run=False):
        if self.allowed:
            LOG.info("seat %s may use mass storage, leaving modules alone", self.seat)
            if MODPROBE_POLICY.exists() and not dry_run:
                MODPROBE_POLICY.unlink()
            return
        if dry_run:
            LOG.info("dry run: would write %s and unload usb_storage", MODPROBE_POLICY)
            return
        MODPROBE_POLICY.write_text(POLICY_BODY)
        os.chmod(MODPROBE_POLICY, 0o644)
        LOG.info("wrote %s", MODPROBE_POLICY)
        for module in ("uas", "usb_storage"):
            proc = subprocess.run(["modprobe", "-r", module], capture_output=True, text=True)
            if proc.returncode != 0:
                LOG.warning("could not unload %s: %s", module, proc.stderr.strip())
            else:
                LOG.info("unloaded %s", module)


def write_report(report_dir, seat, devices, policy):
    out = Path(report_dir)
    out.mkdir(exist_ok=True)
    path = out / f"{seat}-{datetime.now():%Y%m%d-%H%M}.json"
    path.write_text(json.dumps({
        "seat": seat,
        "storage_allowed": policy.allowed,
        "devices": devices,
    }, indent=2))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="usb_policy.json")
    ap.add_argument("--seat", default=socket.gethostname().split(".")[0])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    policy_cfg = load_policy(args.policy)
    devices = inventory()
    LOG.info("%d USB devices attached", len(devices))
    policy = StoragePolicy(args.seat, policy_cfg["storage_allowed_seats"])
    try:
        policy.enforce(dry_run=args.dry_run)
    except PermissionError as exc:
        LOG.error("insufficient rights to apply policy: %s", exc)
        return 1
    report = write_report(policy_cfg["report_dir"], args.seat, devices, policy)
    LOG.info("report written to %s", report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
