#!/usr/bin/env python3
"""Copy the seed bank records onto the rotating USB backup drive.

Finds the drive by its filesystem label, mounts it, copies the records
folder into a dated directory and unmounts it again. Originals are
never touched.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("usb-backup")

DRIVE = {
    "label": "SEEDVAULT",
    "mount_point": "/mnt/seedvault",
    "fs_options": "noexec,nosuid,nodev",
}


def run_root(args):
    cmd = list(args)
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_device(label):
    result = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    device = result.stdout.strip()
    return device or None


def is_mounted(mount_point):
    with open("/proc/mounts") as handle:
        return any(line.split()[1] == mount_point for line in handle)


def mount_drive(device, cfg):
    mount_point = cfg["mount_point"]
    run_root(["mkdir", "-p", mount_point])
    if is_mounted(mount_point):
        log.info("%s already mounted", mount_point)
        return Path(mount_point)
    run_root(["mount", "-o", cfg["fs_options"], device, mount_point])
    log.info("mounted %s on %s", device, mount_point)
    return Path(mount_point)


def unmount_drive(mount_point):
    subprocess.run(["sync"], check=False)
    run_root(["umount", str(mount_point)])
    log.info("unmounted %s", mount_point)


def copy_records(source, mount_point):
    target = mount_point / "seedbank" / date.today().isoformat()
    run_root(["mkdir", "-p", str(target)])
    run_root(["chown", f"{os.getuid()}:{os.getgid()}", str(target)])
    copied = 0
    for path in sorted(source.rglob("*")):
        if path.is_dir():
            continue
        dest = target / path.relative_to(source)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        copied += 1
    return target, copied


def free_space(mount_point):
    usage = shutil.disk_usage(mount_point)
    return usage.free / (1024 ** 3)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path, help="records folder to copy")
    parser.add_argument("--keep-mounted", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a folder", args.source)
        sys.exit(1)

    device = find_device(DRIVE["label"])
    if device is None:
        log.error("backup drive labelled %s not found; is it plugged in?", DRIVE["label"])
        sys.exit(1)

    mount_point = None
    try:
        mount_point = mount_drive(device, DRIVE)
        log.info("%.1f GiB free on drive", free_space(mount_point))
        target, copied = copy_records(args.source, mount_point)
        log.info("copied %d files to %s", copied, target)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s %s", exc.cmd, exc.stderr)
        sys.exit(1)
    finally:
        if mount_point is not None and not args.keep_mounted:
            unmount_drive(mount_point)


if __name__ == "__main__":
    main()
