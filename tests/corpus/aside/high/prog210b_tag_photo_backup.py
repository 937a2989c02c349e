#!/usr/bin/env python3
"""Copy plant tag photos from the yard tablets' share onto the USB backup drive.

Mounts the drive by label, copies new photos with rsync through a small
generated script, then unmounts.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("tag-backup")

COPY_SCRIPT = """#!/bin/bash
set -euo pipefail
src="$BACKUP_SRC"
dst="$BACKUP_DST/$(date +%Y)/"
mkdir -p "$dst"
rsync -rt --ignore-existing --include='*/' --include='*.jpg' --include='*.JPG' \\
      --include='*.heic' --exclude='*' --stats "$src/" "$dst" | grep -E 'Number of (regular )?files transferred' || true
"""


class BackupDrive:
    def __init__(self, label, mountpoint):
        self.device = f"/dev/disk/by-label/{label}"
        self.mountpoint = Path(mountpoint)
        self.mounted = False

    def mount(self):
        if not Path(self.device).exists():
            raise FileNotFoundError(f"backup drive {self.device} not connected")
        subprocess.run(["sudo", "mkdir", "-p", str(self.mountpoint)], check=True)
        subprocess.run(["sudo", "mount", "-o", f"uid={os.getuid()},gid={os.getgid()}",
                        self.device, str(self.mountpoint)], check=True)
        self.mounted = True
        LOG.info("mounted %s on %s", self.device, self.mountpoint)

    def unmount(self):
        if self.mounted:
            subprocess.run(["sync"], check=False)
            subprocess.run(["sudo", "umount", str(self.mountpoint)], check=False)
            self.mounted = False
            LOG.info("unmounted %s", self.mountpoint)

    def __enter__(self):
        self.mount()
        return self

    def __exit__(self, *exc):
        self.unmount()
        return False


def copy_photos(src, dst):
    script = Path.cwd() / "tag_copy.sh"
    script.write_text(COPY_SCRIPT)
    env = dict(os.environ, BACKUP_SRC=str(src), BACKUP_DST=str(dst))
    try:
        result = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
    finally:
        script.unlink(missing_ok=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "rsync failed")
    return result.stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", default=str(Path.home() / "tablet_share" / "tags"))
    parser.add_argument("--label", default="TAGBACKUP")
    parser.add_argument("--mountpoint", default="/mnt/tagbackup")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = Path(args.source)
    if not src.is_dir():
        LOG.error("source %s missing", src)
        return 1
    try:
        with BackupDrive(args.label, args.mountpoint) as drive:
            summary = copy_photos(src, drive.mountpoint / "tag_photos")
            LOG.info("%s", summary or "nothing new")
    except (FileNotFoundError, RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("backup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
