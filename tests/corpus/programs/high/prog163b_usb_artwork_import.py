#!/usr/bin/env python3
"""Imports customer artwork from a USB stick handed in at the counter."""
import argparse
import logging
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("artwork.import")

MOUNT_POINT = Path("/mnt/counter-usb")
ACCEPTED = {".ai", ".eps", ".pdf", ".svg", ".png", ".jpg", ".jpeg", ".tif", ".tiff", ".dxf"}
INBOX = Path("inbox")


def sudo(*args):
    cmd = ["sudo"] + [str(a) for a in args]
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def find_stick():
    out = subprocess.run(["lsblk", "-rpno", "NAME,TRAN,TYPE,FSTYPE"],
                         capture_output=True, text=True, check=True).stdout
    usb_disks = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] == "usb" and fields[2] == "disk":
            usb_disks.add(fields[0])
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 4 and fields[2] == "part":
            if any(fields[0].startswith(d) for d in usb_disks):
                return fields[0]
    return None


class MountedStick:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point

    def __enter__(self):
        sudo("mkdir", "-p", self.mount_point)
        sudo("mount", "-o", "ro,nosuid,nodev,noexec", self.device, self.mount_point)
        return self.mount_point

    def __exit__(self, *exc):
        try:
            sudo("umount", self.mount_point)
        except subprocess.CalledProcessError as err:
            log.error("could not unmount %s: %s", self.mount_point, err)
        return False


def copy_artwork(source, customer):
    target = INBOX / f"{date.today():%Y%m%d}-{customer}"
    target.mkdir(parents=True, exist_ok=True)
    count = 0
    for path in source.rglob("*"):
        if path.is_file() and path.suffix.lower() in ACCEPTED:
            if any(part.startswith(".") for part in path.relative_to(source).parts):
                continue
            shutil.copy2(path, target / path.name)
            count += 1
    return target, count


def main():
    parser = argparse.ArgumentParser(description="Import artwork from a USB stick")
    parser.add_argument("customer", help="customer short name for the inbox folder")
    parser.add_argument("--device", help="partition to mount, e.g. /dev/sdb1")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = args.device or find_stick()
    if not device:
        log.error("no USB stick found")
        return 1
    log.info("using %s", device)
    with MountedStick(device, MOUNT_POINT) as mounted:
        target, count = copy_artwork(mounted, args.customer)
    log.info("copied %d files into %s", count, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
