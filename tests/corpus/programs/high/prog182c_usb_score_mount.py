#!/usr/bin/env python3
"""Import scores from the pipe-major's USB stick.

The PM hands round new arrangements on a USB stick labelled SCORES. This
mounts the stick read-only, copies any new PDFs and ABC files into the
local score library, and unmounts it again.
"""
import argparse
import filecmp
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("usbscores")

MOUNT_POINT = Path(os.environ.get("SCORES_MOUNT", "/mnt/scores"))
LIBRARY = Path(os.environ.get("SCORE_LIBRARY", str(Path.home() / "Music" / "Scores")))
LABEL = os.environ.get("SCORES_LABEL", "SCORES")
WANTED = {".pdf", ".abc", ".mscz", ".musicxml"}


def _priv(args):
    cmd = args if os.geteuid() == 0 else ["sudo"] + args
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def find_device(label):
    link = Path("/dev/disk/by-label") / label
    if link.exists():
        return str(link.resolve())
    out = subprocess.run(["lsblk", "-rno", "NAME,LABEL"], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == label:
            return "/dev/" + parts[0]
    return None


class StickMount:
    def __init__(self, device, where):
        self.device = device
        self.where = where

    def __enter__(self):
        _priv(["mkdir", "-p", str(self.where)])
        _priv(["mount", "-o", f"ro,uid={os.getuid()},gid={os.getgid()}",
               self.device, str(self.where)])
        LOG.info("mounted %s at %s", self.device, self.where)
        return self.where

    def __exit__(self, *exc):
        try:
            _priv(["umount", str(self.where)])
            LOG.info("unmounted %s", self.where)
        except subprocess.CalledProcessError as err:
            LOG.warning("umount failed: %s", err.stderr.strip())
        return False


def copy_new(src_root, dest_root):
    copied = 0
    for path in src_root.rglob("*"):
        if not path.is_file() or path.suffix.lower() not in WANTED:
            continue
        dest = dest_root / path.relative_to(src_root)
        if dest.exists() and filecmp.cmp(path, dest, shallow=False):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        copied += 1
        LOG.info("new: %s", dest.relative_to(dest_root))
    return copied


def main():
    ap = argparse.ArgumentParser(description="Import scores from USB stick")
    ap.add_argument("--label", default=LABEL)
    ap.add_argument("--device", help="block device, overrides --label")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    device = args.device or find_device(args.label)
    if not device:
        LOG.error("no stick labelled %s found", args.label)
        return 1
    LIBRARY.mkdir(parents=True, exist_ok=True)
    with StickMount(device, MOUNT_POINT) as root:
        n = copy_new(root, LIBRARY)
    LOG.info("%d new file(s) imported into %s", n, LIBRARY)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
