#!/usr/bin/env python3
"""Copy new audio guide recordings from a USB stick onto the bus audio box.

The commentary team hands the drivers a stick with the new language tracks;
this mounts it, copies the tracks into the library and unmounts it again.
"""

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("audio_guide")

MOUNT_POINT = Path(os.environ.get("AUDIO_MOUNT", "/mnt/audioguide"))
LIBRARY = Path(os.environ.get("AUDIO_LIBRARY", str(Path.home() / "audioguide" / "tracks")))
TRACK_SUFFIXES = {".mp3", ".ogg", ".m4a", ".wav"}


def sudo(*cmd):
    full = ["sudo", "-n", *cmd]
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def mount_stick(device, mount_point):
    sudo("mkdir", "-p", str(mount_point))
    sudo("mount", "-o", "ro,nosuid,nodev", device, str(mount_point))
    LOG.info("mounted %s on %s", device, mount_point)


def unmount_stick(mount_point):
    try:
        sudo("umount", str(mount_point))
        LOG.info("unmounted %s", mount_point)
    except subprocess.CalledProcessError as exc:
        LOG.error("umount failed: %s", exc.stderr.strip())


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_tracks(source, library):
    library.mkdir(parents=True, exist_ok=True)
    copied = skipped = 0
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in TRACK_SUFFIXES:
            continue
        rel = path.relative_to(source)
        dest = library / rel
        if dest.exists() and file_digest(dest) == file_digest(path):
            skipped += 1
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        copied += 1
        LOG.info("copied %s", rel)
    return copied, skipped


def parse_args():
    parser = argparse.ArgumentParser(description="Import audio guide tracks")
    parser.add_argument("device", help="block device, e.g. /dev/sdb1")
    parser.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    parser.add_argument("--library", type=Path, default=LIBRARY)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if not args.device.startswith("/dev/"):
        LOG.error("device must be under /dev")
        return 2
    try:
        mount_stick(args.device, args.mount_point)
    except subprocess.CalledProcessError as exc:
        LOG.error("mount failed: %s", exc.stderr.strip())
        return 1
    try:
        copied, skipped = copy_tracks(args.mount_point, args.library)
        LOG.info("%d tracks copied, %d already present", copied, skipped)
    finally:
        unmount_stick(args.mount_point)
    return 0


if __name__ == "__main__":
    sys.exit(main())
