#!/usr/bin/env python3
"""Import records from a tide logger SD card brought back from the field.

Finds the card by its filesystem label, mounts it read-only, copies the
logger files into ./incoming/<station>/ with checksums, and unmounts it.
"""
import argparse
import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("tg-card")
MOUNTPOINT = "/mnt/tgcard"
PATTERNS = ("*.LOG", "*.DAT", "*.CSV")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--label", default="TGLOGGER", help="filesystem label of the card")
    p.add_argument("--station", required=True)
    p.add_argument("--dest", default="./incoming")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def find_partition(label):
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT"],
                         capture_output=True, text=True, check=True)
    stack = json.loads(out.stdout).get("blockdevices", [])
    while stack:
        dev = stack.pop()
        if dev.get("label") == label:
            return "/dev/" + dev["name"], dev.get("fstype") or "vfat"
        stack.extend(dev.get("children", []))
    return None, None


def sh(cmd):
    LOG.debug("sh: %s", cmd)
    subprocess.run(["bash", "-c", cmd], check=True)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def copy_records(dest):
    copied = []
    for pattern in PATTERNS:
        for src in Path(MOUNTPOINT).rglob(pattern):
            target = dest / src.name
            shutil.copy2(src, target)
            copied.append((target.name, sha256(target)))
    return copied


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    part, fstype = find_partition(args.label)
    if not part:
        LOG.error("no partition labelled %s", args.label)
        return 1
    dest = Path(args.dest) / args.station
    dest.mkdir(parents=True, exist_ok=True)
    try:
        sh(f"sudo mkdir -p {MOUNTPOINT} && sudo mount -t {fstype} -o ro,noexec {part} {MOUNTPOINT}")
    except subprocess.CalledProcessError as exc:
        LOG.error("mount failed: %s", exc)
        return 2
    try:
        copied = copy_records(dest)
    finally:
        try:
            sh(f"sudo umount {MOUNTPOINT}")
        except subprocess.CalledProcessError:
            LOG.warning("could not unmount %s; remove the card with care", MOUNTPOINT)
    with open(dest / "SHA256SUMS", "a") as fh:
        for name, digest in copied:
            fh.write(f"{digest}  {name}\n")
    LOG.info("imported %d files from %s into %s", len(copied), part, dest)
    return 0 if copied else 3


if __name__ == "__main__":
    sys.exit(main())
