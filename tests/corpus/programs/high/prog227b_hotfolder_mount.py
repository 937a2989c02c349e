#!/usr/bin/env python3
"""Mount the prepress hot folders from the branch file server.

The RIP and the imposition software read job tickets from hot folders that
live on the branch NFS server. This tool checks which hot folders are
mounted and mounts the missing ones read-only (or read-write for the
output share) through a generated shell script run with sudo.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("hotfolder_mount")

DEFAULT_SHARES = [
    {"export": "192.0.2.20:/export/hotfolders/in", "mountpoint": "/srv/hotfolders/in", "rw": False},
    {"export": "192.0.2.20:/export/hotfolders/proof", "mountpoint": "/srv/hotfolders/proof", "rw": False},
    {"export": "192.0.2.20:/export/hotfolders/out", "mountpoint": "/srv/hotfolders/out", "rw": True},
]


class Share:
    def __init__(self, export: str, mountpoint: str, rw: bool = False):
        self.export = export
        self.mountpoint = mountpoint
        self.rw = rw

    @property
    def options(self) -> str:
        return ("rw" if self.rw else "ro") + ",vers=4.1,hard,timeo=600,noexec,nosuid"

    def is_mounted(self, mounts: str) -> bool:
        return any(line.split()[1] == self.mountpoint
                   for line in mounts.splitlines() if len(line.split()) > 1)


def load_shares(path):
    if path and Path(path).exists():
        with open(path) as fh:
            raw = json.load(fh)
    else:
        raw = DEFAULT_SHARES
    return [Share(**item) for item in raw]


def current_mounts() -> str:
    with open("/proc/mounts") as fh:
        return fh.read()


def build_script(shares) -> str:
    lines = ["#!/bin/bash", "set -e"]
    for s in shares:
        lines.append(f"mkdir -p '{s.mountpoint}'")
        lines.append(f"mount -t nfs4 -o {s.options} '{s.export}' '{s.mountpoint}'")
        lines.append(f"echo mounted '{s.mountpoint}'")
    return "\n".join(lines) + "\n"


def run_script(text: str, dry_run: bool) -> int:
    if dry_run:
        print(text)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(text)
        path = fh.name
    cmd = ["bash", path] if os.geteuid() == 0 else ["sudo", "-n", "bash", path]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(path)
    for line in res.stdout.splitlines():
        LOG.info(line)
    if res.returncode != 0:
        LOG.error("mount script failed: %s", res.stderr.strip())
    return res.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON list of shares")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--status", action="store_true", help="only report status")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        shares = load_shares(args.config)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("cannot read share list: %s", exc)
        return 2

    mounts = current_mounts()
    missing = [s for s in shares if not s.is_mounted(mounts)]
    for s in shares:
        LOG.info("%-28s %s", s.mountpoint, "missing" if s in missing else "mounted")
    if args.status or not missing:
        return 0

    rc = run_script(build_script(missing), args.dry_run)
    if rc == 0 and not args.dry_run:
        still = [s for s in missing if not s.is_mounted(current_mounts())]
        if still:
            LOG.warning("%d share(s) still not mounted", len(still))
            return 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
