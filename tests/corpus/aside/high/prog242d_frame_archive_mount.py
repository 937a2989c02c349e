#!/usr/bin/env python3
"""Attach the packhouse NAS frame archive to a grading line PC.

At the end of each shift the grading line copies its rejected-fruit frames
to the NAS so QA can review them. This tool mounts the NAS export, copies
the shift's frames from the working directory, verifies the copy and
unmounts again.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("frame-archive")

NAS_EXPORT = "nas01.example.com:/export/grading-frames"
MOUNT_POINT = Path("/mnt/grading-frames")
MOUNT_OPTS = "rw,vers=4.1,soft,timeo=100"


class ArchiveMount:
    """Context manager that mounts the NAS export and unmounts on exit."""

    def __init__(self, export, mount_point, options):
        self.export = export
        self.mount_point = mount_point
        self.options = options
        self.mounted_here = False

    def is_mounted(self):
        return os.path.ismount(self.mount_point)

    def __enter__(self):
        if self.is_mounted():
            LOG.info("%s already mounted", self.mount_point)
            return self
        self.mount_point.mkdir(parents=True, exist_ok=True)
        cmd = ["mount", "-t", "nfs", "-o", self.options,
               self.export, str(self.mount_point)]
        LOG.info("running: %s", " ".join(cmd))
        subprocess.run(cmd, check=True)
        self.mounted_here = True
        return self

    def __exit__(self, exc_type, exc, tb):
        if self.mounted_here:
            result = subprocess.run(["umount", str(self.mount_point)])
            if result.returncode != 0:
                LOG.warning("umount of %s failed (rc=%d)",
                            self.mount_point, result.returncode)
            else:
                LOG.info("unmounted %s", self.mount_point)
        return False


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_frames(src, dest, verify):
    dest.mkdir(parents=True, exist_ok=True)
    copied = failed = 0
    for frame in sorted(src.glob("*.png")):
        target = dest / frame.name
        try:
            shutil.copy2(frame, target)
            if verify and sha256(frame) != sha256(target):
                LOG.error("checksum mismatch for %s", frame.name)
                failed += 1
                continue
            copied += 1
        except OSError as exc:
            LOG.error("copy of %s failed: %s", frame.name, exc)
            failed += 1
    return copied, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shift", required=True, help="shift id, e.g. 2024-09-14-A")
    ap.add_argument("--line", default="L1")
    ap.add_argument("--frames", type=Path, default=Path("./rejects"))
    ap.add_argument("--export", default=NAS_EXPORT)
    ap.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    ap.add_argument("--no-verify", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.frames.is_dir():
        LOG.error("no frames directory at %s", args.frames)
        return 1

    try:
        with ArchiveMount(args.export, args.mount_point, MOUNT_OPTS) as mnt:
            dest = mnt.mount_point / args.line / args.shift
            copied, failed = copy_frames(args.frames, dest, not args.no_verify)
    except subprocess.CalledProcessError as exc:
        LOG.error("mount failed: %s", exc)
        return 2

    LOG.info("shift %s: %d frames archived, %d failed", args.shift, copied, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
