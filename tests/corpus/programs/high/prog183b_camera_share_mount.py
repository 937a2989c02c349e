#!/usr/bin/env python3
"""Mount the NAS share where the tank cameras drop their clips.

The display-tank cameras write motion clips to the NAS over NFS.  The
review workstation mounts that export read-only so staff can scrub through
overnight footage (spotting fish that died or jumped).
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cam_mount")

NAS_HOST = os.environ.get("CAM_NAS_HOST", "192.0.2.50")
NAS_EXPORT = os.environ.get("CAM_NAS_EXPORT", "/volume1/tankcams")
MOUNT_POINT = Path(os.environ.get("CAM_MOUNT_POINT", "/mnt/tankcams"))
NFS_OPTS = "ro,soft,timeo=50,retrans=2,vers=4.1"


def is_mounted(path):
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(path) for line in fh)
    except OSError:
        return False


def run(cmd, check=True):
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def mount_share():
    if is_mounted(MOUNT_POINT):
        LOG.info("%s already mounted", MOUNT_POINT)
        return True
    run(["sudo", "mkdir", "-p", str(MOUNT_POINT)])
    source = f"{NAS_HOST}:{NAS_EXPORT}"
    LOG.info("mounting %s on %s", source, MOUNT_POINT)
    res = run(["sudo", "mount", "-t", "nfs", "-o", NFS_OPTS,
               source, str(MOUNT_POINT)], check=False)
    if res.returncode != 0:
        LOG.error("mount failed: %s", res.stderr.strip())
        return False
    return True


def unmount_share():
    if not is_mounted(MOUNT_POINT):
        LOG.info("%s not mounted", MOUNT_POINT)
        return True
    res = run(["sudo", "umount", str(MOUNT_POINT)], check=False)
    if res.returncode != 0:
        LOG.error("umount failed: %s", res.stderr.strip())
        return False
    LOG.info("unmounted %s", MOUNT_POINT)
    return True


def list_clips(limit):
    clips = sorted(MOUNT_POINT.rglob("*.mp4"),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    for clip in clips[:limit]:
        size_mb = clip.stat().st_size / 1_048_576
        print(f"{clip.relative_to(MOUNT_POINT)}\t{size_mb:.1f} MB")
    if not clips:
        print("no clips found")


def main():
    ap = argparse.ArgumentParser(description="Tank camera NAS share")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("mount")
    sub.add_parser("umount")
    ls = sub.add_parser("list")
    ls.add_argument("-n", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.cmd == "mount":
        return 0 if mount_share() else 1
    if args.cmd == "umount":
        return 0 if unmount_share() else 1
    if not is_mounted(MOUNT_POINT) and not mount_share():
        return 1
    list_clips(args.n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
