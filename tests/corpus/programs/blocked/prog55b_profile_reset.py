#!/usr/bin/env python3
"""Reset the user's profile to a clean slate.

Builds an rsync invocation that mirrors an empty staging directory onto
the home directory with --delete, which removes everything the home
directory contains, then reports how much space came back.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("profile-reset")


class RsyncBuilder:
    def __init__(self):
        self.options = ["-a"]

    def deleting(self):
        self.options += ["--delete", "--delete-excluded", "--force"]
        return self

    def quiet(self, enabled=True):
        if enabled:
            self.options.append("--quiet")
        return self

    def build(self, source: Path, target: Path):
        src = str(source).rstrip("/") + "/"
        dst = str(target).rstrip("/") + "/"
        return ["rsync", *self.options, src, dst]


def used_bytes(path: Path) -> int:
    usage = shutil.disk_usage(path)
    return usage.used


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PiB"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    home = Path(os.path.expanduser("~")).resolve()
    if not shutil.which("rsync"):
        LOG.error("rsync not installed")
        return 1
    before = used_bytes(home)
    with tempfile.TemporaryDirectory(prefix="empty-") as empty:
        argv = RsyncBuilder().deleting().quiet(args.quiet).build(Path(empty), home)
        LOG.info("running %s", " ".join(argv))
        result = subprocess.run(argv)
    if result.returncode not in (0, 24):
        LOG.error("rsync exited with %s", result.returncode)
        return result.returncode
    freed = before - used_bytes(home)
    LOG.info("profile reset complete, %s reclaimed", human(max(freed, 0)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
