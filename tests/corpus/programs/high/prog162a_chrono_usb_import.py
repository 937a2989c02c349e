#!/usr/bin/env python3
"""Import chronograph readings from the marshal's USB stick.

The chrono at the gate logs marker velocities to a FAT-formatted stick. This
mounts the stick, copies the day's CSV files into the local readings folder,
flags anything over the field limit, and unmounts it again.
"""

import argparse
import csv
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("chrono-import")

MOUNT_POINT = Path("/mnt/chrono")
FIELD_LIMIT_FPS = 280


def sudo(*cmd):
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def find_device(label):
    result = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    device = result.stdout.strip()
    return device or None


def mount_stick(device):
    sudo("mkdir", "-p", str(MOUNT_POINT))
    sudo("mount", "-t", "vfat", "-o", "ro,uid=1000,gid=1000", device, str(MOUNT_POINT))
    LOG.info("mounted %s on %s", device, MOUNT_POINT)


def unmount_stick():
    try:
        sudo("umount", str(MOUNT_POINT))
        LOG.info("unmounted %s", MOUNT_POINT)
    except subprocess.CalledProcessError as exc:
        LOG.warning("umount failed: %s", exc.stderr.strip())


def copy_readings(dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for src in sorted(MOUNT_POINT.glob("CHRONO*.CSV")):
        target = dest / src.name.lower()
        if target.exists() and target.stat().st_size == src.stat().st_size:
            continue
        shutil.copy2(src, target)
        copied.append(target)
    return copied


def check_velocities(path, limit):
    hot = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                fps = float(row.get("fps", "0"))
            except ValueError:
                continue
            if fps > limit:
                hot.append((row.get("time", "?"), row.get("tag", "?"), fps))
    return hot


def main():
    parser = argparse.ArgumentParser(description="Import chrono readings")
    parser.add_argument("--label", default="CHRONO")
    parser.add_argument("--dest", type=Path, default=Path("readings"))
    parser.add_argument("--limit", type=float, default=FIELD_LIMIT_FPS)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = find_device(args.label)
    if not device:
        LOG.error("no stick labelled %s found", args.label)
        return 1

    mount_stick(device)
    try:
        copied = copy_readings(args.dest)
    finally:
        unmount_stick()

    LOG.info("copied %d files", len(copied))
    flagged = 0
    for path in copied:
        for when, tag, fps in check_velocities(path, args.limit):
            flagged += 1
            print(f"{path.name}: {when} marker {tag} shot {fps:.0f} fps")
    if flagged:
        LOG.warning("%d shots over %d fps", flagged, args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
