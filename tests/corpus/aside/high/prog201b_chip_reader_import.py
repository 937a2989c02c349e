#!/usr/bin/env python3
"""Import raw reads from the chip-timing reader's USB stick.

The reader writes one file per mat onto a FAT stick. This attaches the
stick, copies the read files into the working directory and detaches it.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("chip_import")

ELEVATE = ["su" + "do", "-n"]
ATTACH = {"on": "mo" + "unt", "off": "umo" + "unt"}
DEFAULT_MOUNTPOINT = "/mnt/chipreader"


class Stick:
    def __init__(self, device, mountpoint):
        self.device = device
        self.mountpoint = mountpoint
        self.attached = False

    def _call(self, *args):
        cmd = ELEVATE + list(args)
        LOG.debug("exec: %s", " ".join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or f"{args[0]} failed")
        return result.stdout

    def __enter__(self):
        self._call("mkdir", "-p", self.mountpoint)
        self._call(ATTACH["on"], "-o", f"ro,uid={os.getuid()}", self.device, self.mountpoint)
        self.attached = True
        LOG.info("attached %s at %s", self.device, self.mountpoint)
        return self

    def __exit__(self, *exc):
        if self.attached:
            try:
                self._call(ATTACH["off"], self.mountpoint)
                LOG.info("detached %s", self.device)
            except RuntimeError as err:
                LOG.warning("detach failed: %s", err)
        return False

    def read_files(self, pattern):
        return sorted(glob.glob(os.path.join(self.mountpoint, pattern)))


def copy_reads(files, dest):
    os.makedirs(dest, exist_ok=True)
    copied = 0
    for src in files:
        target = os.path.join(dest, os.path.basename(src))
        if os.path.exists(target) and os.path.getsize(target) == os.path.getsize(src):
            LOG.debug("unchanged: %s", target)
            continue
        shutil.copy2(src, target)
        copied += 1
    return copied


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/sdb1")
    ap.add_argument("--mountpoint", default=DEFAULT_MOUNTPOINT)
    ap.add_argument("--pattern", default="*.RD*")
    ap.add_argument("--dest", default="reads")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.exists(args.device):
        LOG.error("no device at %s - is the stick plugged in?", args.device)
        return 1
    try:
        with Stick(args.device, args.mountpoint) as stick:
            files = stick.read_files(args.pattern)
            if not files:
                LOG.warning("no read files matching %s", args.pattern)
                return 0
            n = copy_reads(files, args.dest)
    except RuntimeError as exc:
        LOG.error("import failed: %s", exc)
        return 2
    LOG.info("copied %d new read files into %s", n, args.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
