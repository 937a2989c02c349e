#!/usr/bin/env python3
"""Pulls the ride telemetry logs off the maintenance USB stick.

The big wheel and the waltzer controllers write their daily run logs to a
stick labelled RIDELOG. The engineer plugs it into the office PC at close and
this tool mounts it read-only, copies new CSV files into ./telemetry and
unmounts it again.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("ride-logger")

BY_LABEL = Path("/dev/disk/by-label")


def privileged(*cmd):
    runner = [] if os.geteuid() == 0 else ["sudo"]
    log.debug("exec %s", " ".join(runner + list(cmd)))
    subprocess.run(runner + list(cmd), check=True)


def find_device(label):
    link = BY_LABEL / label
    if not link.exists():
        return None
    return link.resolve()


@contextmanager
def mounted(device, mountpoint, fstype):
    mountpoint = Path(mountpoint)
    if not mountpoint.is_dir():
        privileged("mkdir", "-p", str(mountpoint))
    opts = "ro,nosuid,nodev,noexec"
    privileged("mount", "-t", fstype, "-o", opts, str(device), str(mountpoint))
    log.info("mounted %s at %s", device, mountpoint)
    try:
        yield mountpoint
    finally:
        privileged("umount", str(mountpoint))
        log.info("unmounted %s", mountpoint)


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def copy_new(source_root, dest_root, pattern):
    dest_root.mkdir(parents=True, exist_ok=True)
    copied = skipped = 0
    for src in sorted(source_root.rglob(pattern)):
        rel = src.relative_to(source_root)
        dest = dest_root / rel
        if dest.exists() and digest(dest) == digest(src):
            skipped += 1
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
        copied += 1
    return copied, skipped


def main(argv=None):
    parser = argparse.ArgumentParser(description="copy ride telemetry from USB")
    parser.add_argument("--label", default=os.environ.get("RIDELOG_LABEL", "RIDELOG"))
    parser.add_argument("--mountpoint", default="/mnt/ridelog")
    parser.add_argument("--fstype", default="vfat")
    parser.add_argument("--dest", default="telemetry")
    parser.add_argument("--pattern", default="*.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = find_device(args.label)
    if device is None:
        log.error("no stick labelled %s is plugged in", args.label)
        return 1
    try:
        with mounted(device, args.mountpoint, args.fstype) as root:
            copied, skipped = copy_new(root, Path(args.dest), args.pattern)
    except subprocess.CalledProcessError as exc:
        log.error("mount step failed: %s", exc)
        return 2
    log.info("copied %d new logs, %d unchanged", copied, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
