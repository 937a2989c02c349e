#!/usr/bin/env python3
"""Collect weighing logs from the curd-press scale's USB stick.

The scale writes CSV logs to a FAT stick labelled SCALELOG. This tool finds
the stick, mounts it read-only, copies new logs into ./scale_logs and
unmounts it again."""

import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("scale_usb")

VOLUME_LABEL = "SCALELOG"
MOUNT_POINT = Path("/mnt/scalelog")
DEST = Path("scale_logs")


def run(cmd, check=True):
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def find_device(label):
    result = run(["lsblk", "-rno", "NAME,LABEL,FSTYPE"], check=False)
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1] == label:
            return f"/dev/{parts[0]}"
    by_label = Path("/dev/disk/by-label") / label
    if by_label.exists():
        return str(by_label.resolve())
    return None


class ScaleStick:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point
        self.mounted = False

    def __enter__(self):
        run(["sudo", "mkdir", "-p", str(self.mount_point)])
        opts = f"ro,uid={os.getuid()},gid={os.getgid()},umask=077"
        run(["sudo", "mount", "-t", "vfat", "-o", opts, self.device, str(self.mount_point)])
        self.mounted = True
        log.info("mounted %s at %s", self.device, self.mount_point)
        return self

    def __exit__(self, *exc):
        if self.mounted:
            run(["sudo", "umount", str(self.mount_point)], check=False)
            log.info("unmounted %s", self.mount_point)
        return False

    def logs(self):
        return sorted(self.mount_point.glob("**/*.csv"))


def copy_new(logs, dest):
    dest.mkdir(exist_ok=True)
    copied = 0
    for src in logs:
        target = dest / src.name
        if target.exists() and target.stat().st_size == src.stat().st_size:
            continue
        shutil.copy2(src, target)
        copied += 1
    return copied


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--label", default=VOLUME_LABEL)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("--device", help="skip detection and use this device")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        raise SystemExit(f"no stick labelled {args.label} found")

    try:
        with ScaleStick(device, MOUNT_POINT) as stick:
            count = copy_new(stick.logs(), args.dest)
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"mount step failed: {exc.stderr.strip()}")
    log.info("copied %d new weighing logs to %s", count, args.dest)


if __name__ == "__main__":
    main()
