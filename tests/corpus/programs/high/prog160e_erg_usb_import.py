#!/usr/bin/env python3
"""Imports workout files from an ergometer USB stick.

The Concept-style monitors write their logbook to a FAT stick; this
mounts it, copies new workouts into the club logbook folder and
unmounts again.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("erg-usb")

MOUNT_POINT = Path("/mnt/erg-usb")
DEST = Path("logbook/incoming")


def run(cmd):
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_device(label):
    result = run(["lsblk", "-rno", "NAME,LABEL"])
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == label:
            return f"/dev/{parts[0]}"
    return None


def mount(device):
    run(["sudo", "mkdir", "-p", str(MOUNT_POINT)])
    run(["sudo", "mount", "-o", "ro,uid=1000,gid=1000", device, str(MOUNT_POINT)])
    log.info("mounted %s at %s", device, MOUNT_POINT)


def unmount():
    try:
        run(["sudo", "umount", str(MOUNT_POINT)])
        log.info("unmounted %s", MOUNT_POINT)
    except subprocess.CalledProcessError as exc:
        log.warning("umount failed: %s", exc.stderr.strip())


def copy_new(src_root, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for path in sorted(src_root.rglob("*.csv")):
        target = dest / path.name
        if target.exists() and target.stat().st_size == path.stat().st_size:
            continue
        shutil.copy2(path, target)
        copied.append(target)
    return copied


def summarise(files):
    total_m = 0
    for f in files:
        with open(f, newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    total_m += int(row.get("Distance", 0))
                except ValueError:
                    continue
    return total_m


def main():
    parser = argparse.ArgumentParser(description="Import erg workouts from USB")
    parser.add_argument("--label", default="LOGCARD")
    parser.add_argument("--device", help="skip lookup and use this device")
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        log.error("no stick with label %s found", args.label)
        return 1

    mount(device)
    try:
        copied = copy_new(MOUNT_POINT, args.dest)
    finally:
        unmount()

    metres = summarise(copied)
    stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
    print(f"{stamp}: imported {len(copied)} workouts, {metres} m total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
