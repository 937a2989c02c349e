#!/usr/bin/env python3
"""Imports show scripts from the SD card written by the firing panel.

The panel writes its log and the executed cue list to a FAT card; this
tool mounts the card, copies the files into the show archive and
unmounts it again.
"""
import argparse
import logging
import os
import shutil
import subprocess
from contextlib import contextmanager
from datetime import date
from pathlib import Path

log = logging.getLogger("cardimport")

MOUNT_POINT = Path(os.environ.get("CARD_MOUNT", "/mnt/showcard"))
ARCHIVE = Path(os.environ.get("SHOW_ARCHIVE", "archive"))
PATTERNS = ("*.cue", "*.fsq", "*.log")


def _root(*argv):
    cmd = list(argv)
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_card(label):
    out = subprocess.run(["lsblk", "-rno", "NAME,LABEL,FSTYPE"],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == label and parts[2] == "vfat":
            return "/dev/" + parts[0]
    return None


@contextmanager
def mounted(device):
    _root("mkdir", "-p", str(MOUNT_POINT))
    opts = f"ro,uid={os.getuid()},gid={os.getgid()}"
    _root("mount", "-t", "vfat", "-o", opts, device, str(MOUNT_POINT))
    try:
        yield MOUNT_POINT
    finally:
        _root("umount", str(MOUNT_POINT))


def copy_show_files(src, show_name):
    dest = ARCHIVE / f"{date.today():%Y-%m-%d}_{show_name}"
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for pattern in PATTERNS:
        for f in src.rglob(pattern):
            target = dest / f.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, target)
            copied += 1
    return dest, copied


def main():
    ap = argparse.ArgumentParser(description="import firing panel SD card")
    ap.add_argument("show", help="show name for the archive folder")
    ap.add_argument("--device", help="block device, default: find by label")
    ap.add_argument("--label", default="FIRECARD")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = args.device or find_card(args.label)
    if not device:
        raise SystemExit(f"no card labelled {args.label} found")
    with mounted(device) as root:
        dest, n = copy_show_files(root, args.show)
    log.info("copied %d files to %s", n, dest)


if __name__ == "__main__":
    main()
