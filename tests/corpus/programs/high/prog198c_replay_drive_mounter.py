#!/usr/bin/env python3
"""Pull throw-replay clips off the lane camera's USB drive.

The lane cameras record to a USB stick. Staff plug the stick into the
office PC, and this tool mounts it, copies new clips into the local replay
library and unmounts it again.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("replaymount")

MOUNT_POINT = "/mnt/lanecam"
CLIP_EXTS = {".mp4", ".mov", ".h264"}


class DriveSession:
    """Context manager around mount/umount of the camera drive."""

    def __init__(self, device, mount_point, fstype):
        self.device = device
        self.mount_point = mount_point
        self.fstype = fstype

    def _priv(self, *cmd):
        full = ["sudo", *cmd]
        LOG.debug("running %s", " ".join(full))
        subprocess.run(full, check=True)

    def __enter__(self):
        self._priv("mkdir", "-p", self.mount_point)
        self._priv("mount", "-t", self.fstype, "-o", "ro,uid=1000",
                   self.device, self.mount_point)
        LOG.info("mounted %s at %s", self.device, self.mount_point)
        return Path(self.mount_point)

    def __exit__(self, exc_type, exc, tb):
        try:
            self._priv("umount", self.mount_point)
            LOG.info("unmounted %s", self.mount_point)
        except subprocess.CalledProcessError as err:
            LOG.error("umount failed: %s", err)
        return False


def copy_new_clips(src, dest):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for clip in sorted(src.rglob("*")):
        if clip.suffix.lower() not in CLIP_EXTS:
            continue
        target = dest / clip.name
        if target.exists() and target.stat().st_size == clip.stat().st_size:
            continue
        shutil.copy2(clip, target)
        copied += 1
        LOG.debug("copied %s", clip.name)
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("device", help="block device of the camera drive, e.g. /dev/sdb1")
    ap.add_argument("--fstype", default="exfat")
    ap.add_argument("--mount-point", default=MOUNT_POINT)
    ap.add_argument("--library", default="replays")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.device).exists():
        LOG.error("device %s not present", args.device)
        return 1

    try:
        with DriveSession(args.device, args.mount_point, args.fstype) as root:
            n = copy_new_clips(root, Path(args.library))
    except subprocess.CalledProcessError as err:
        LOG.error("could not access drive: %s", err)
        return 2

    LOG.info("%d new clips copied into %s", n, args.library)
    return 0


if __name__ == "__main__":
    sys.exit(main())
