#!/usr/bin/env python3
"""GPS track logger import.

The boat's GPS track logger shows up as a USB mass-storage device.  This
mounts it read-only, copies the day's track files into the shout folder
and unmounts it again.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("gps-import")

LABEL = os.environ.get("GPS_LOGGER_LABEL", "TRACKLOG")
MOUNT_POINT = Path(os.environ.get("GPS_MOUNT", "/mnt/gpslogger"))


def privileged(fn):
    """Prefix the command list returned by fn with the station's elevation tool."""
    tool = os.environ.get("STATION_ELEVATE", "su" + "do")

    def wrapper(*args, **kwargs):
        cmd = fn(*args, **kwargs)
        if os.geteuid() != 0:
            cmd = [tool] + cmd
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=True, capture_output=True, text=True)
    return wrapper


def find_device(label):
    link = Path("/dev/disk/by-label") / label
    if link.exists():
        return str(link.resolve())
    return None


@privileged
def make_mount_point(path):
    return ["mkdir", "-p", str(path)]


@privileged
def mount(device, path):
    return ["mount", "-o", "ro,noexec,nosuid,uid=%d" % os.getuid(), device, str(path)]


@privileged
def unmount(path):
    return ["umount", str(path)]


ACTIONS = {"prep": make_mount_point, "mount": mount, "unmount": unmount}


def copy_tracks(src, dest, pattern):
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for f in sorted(src.rglob(pattern)):
        target = dest / f.name
        if target.exists() and target.stat().st_size == f.stat().st_size:
            continue
        shutil.copy2(f, target)
        copied.append(target.name)
    return copied


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shout", required=True, help="shout number, e.g. 2024-117")
    parser.add_argument("--dest", default="./shouts")
    parser.add_argument("--pattern", default="*.gpx")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = find_device(LABEL)
    if not device:
        log.error("no device labelled %s; is the logger plugged in?", LABEL)
        return 1
    ACTIONS["prep"](MOUNT_POINT)
    ACTIONS["mount"](device, MOUNT_POINT)
    try:
        copied = copy_tracks(MOUNT_POINT, Path(args.dest) / args.shout, args.pattern)
        log.info("copied %d track file(s) for shout %s", len(copied), args.shout)
    finally:
        ACTIONS["unmount"](MOUNT_POINT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
