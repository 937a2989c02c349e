#!/usr/bin/env python3
"""Pre-night check for the science camera and guide camera drivers.

Some of our older cameras (the QHY5-II guider and the SX Lodestar) need a
kernel-side helper loaded before libusb sees them, and the Raspberry Pi pier
computers also need the pps/gpio helpers. This tool compares what the camera
inventory (cameras.json) asks for with /proc/modules and brings the missing
ones in, with the options from the inventory.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("ccd-check")


@dataclass
class Requirement:
    camera: str
    module: str
    options: dict = field(default_factory=dict)

    def argv(self):
        return [self.module] + [f"{k}={v}" for k, v in self.options.items()]


def loaded_modules() -> set:
    names = set()
    try:
        with open("/proc/modules") as fh:
            for line in fh:
                names.add(line.split(" ", 1)[0])
    except OSError as exc:
        LOG.warning("cannot read /proc/modules: %s", exc)
    return names


def load_inventory(path: Path):
    data = json.loads(path.read_text())
    for cam in data.get("cameras", []):
        if not cam.get("enabled", True):
            continue
        for mod in cam.get("kernel_modules", []):
            if isinstance(mod, str):
                yield Requirement(cam["name"], mod)
            else:
                yield Requirement(cam["name"], mod["name"], mod.get("options", {}))


class ModuleLoader:
    """Loads kernel modules through the desktop's polkit agent."""

    elevator = os.environ.get("CCD_ELEVATOR", "pkexec")
    modprobe = shutil.which("modprobe") or "/sbin/modprobe"

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def load(self, req: Requirement) -> bool:
        cmd = [self.elevator, self.modprobe] + req.argv()
        LOG.info("%s: loading %s", req.camera, " ".join(req.argv()))
        if self.dry_run:
            return True
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 126:
            LOG.error("authorisation dismissed for %s", req.module)
            return False
        if proc.returncode != 0:
            LOG.error("modprobe %s failed: %s", req.module, proc.stderr.strip())
            return False
        return True


def check_usb(vidpid: str) -> bool:
    vid, pid = vidpid.lower().split(":")
    for dev in Path("/sys/bus/usb/devices").glob("*"):
        try:
            if ((dev / "idVendor").read_text().strip() == vid
                    and (dev / "idProduct").read_text().strip() == pid):
                return True
        except OSError:
            continue
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inventory", type=Path, default=Path("cameras.json"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--settle", type=float, default=2.0,
                    help="seconds to wait for USB re-enumeration after loading")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        reqs = list(load_inventory(args.inventory))
    except (OSError, json.JSONDecodeError, KeyError) as exc:
        LOG.error("bad inventory %s: %s", args.inventory, exc)
        return 1

    present = loaded_modules()
    missing = [r for r in reqs if r.module.replace("-", "_") not in present]
    if not missing:
        LOG.info("all %d camera modules already loaded", len(reqs))
        return 0

    loader = ModuleLoader(args.dry_run)
    failures = [r for r in missing if not loader.load(r)]
    time.sleep(args.settle)

    inv = json.loads(args.inventory.read_text())
    for cam in inv.get("cameras", []):
        if cam.get("usb"):
            state = "seen" if check_usb(cam["usb"]) else "NOT seen"
            LOG.info("%-20s %s on USB (%s)", cam["name"], state, cam["usb"])

    return 2 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
