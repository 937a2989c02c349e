#!/usr/bin/env python3
"""Pull CMS vibration recordings off a USB data logger.

Technicians bring the condition-monitoring loggers back from the nacelle;
this mounts the stick read-only, copies new recordings into the case
folder and unmounts it again.
"""
import argparse
import hashlib
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("usb_logger")

MOUNT_POINT = Path("/mnt/cms_logger")
RECORDING_GLOBS = ("*.cms", "*.wav", "*.csv")


def find_logger_device(label):
    result = subprocess.run(
        ["lsblk", "-rno", "NAME,LABEL,TYPE"], capture_output=True, text=True, check=True
    )
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == label and parts[2] == "part":
            return "/dev/" + parts[0]
    return None


def mount(device):
    subprocess.run(["sudo", "mkdir", "-p", str(MOUNT_POINT)], check=True)
    subprocess.run(
        ["sudo", "mount", "-o", "ro,noexec,nosuid,nodev", device, str(MOUNT_POINT)],
        check=True,
    )
    LOG.info("mounted %s at %s", device, MOUNT_POINT)


def unmount():
    subprocess.run(["sudo", "umount", str(MOUNT_POINT)], check=False)
    LOG.info("unmounted %s", MOUNT_POINT)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def copy_new(dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for pattern in RECORDING_GLOBS:
        for src in MOUNT_POINT.rglob(pattern):
            target = dest / src.name
            if target.exists() and sha256(target) == sha256(src):
                continue
            shutil.copy2(src, target)
            copied += 1
            LOG.debug("copied %s", src.name)
    return copied


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("case_dir", type=Path, help="case folder for this turbine")
    parser.add_argument("--label", default="CMSLOG")
    parser.add_argument("--device", help="override autodetected partition")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    device = args.device or find_logger_device(args.label)
    if not device:
        LOG.error("no partition labelled %s found", args.label)
        return 1

    mount(device)
    try:
        count = copy_new(args.case_dir / "recordings")
        LOG.info("%d new recordings copied to %s", count, args.case_dir)
    finally:
        unmount()
    return 0


if __name__ == "__main__":
    sys.exit(main())
