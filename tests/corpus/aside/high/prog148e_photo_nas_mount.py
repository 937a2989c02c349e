#!/usr/bin/env python3
"""Attach the studio NAS photo share so the portfolio tools can see it.

The NAS exports the finished-window photographs over NFS. This mounts the
share on the workstation and checks that the expected folders are there.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("nasmount")

NAS = {
    "host": "nas.example.com",
    "export": "/volume1/portfolio",
    "mountpoint": "/mnt/portfolio",
    "fstype": "nfs4",
    "options": ["ro", "soft", "timeo=50", "noatime"],
}
EXPECTED = ["commissions", "restorations", "exhibitions"]
# whichever helper the workstation has
HELPERS = ("pkexec", "doas", "sudo")


def elevation_prefix():
    if os.geteuid() == 0:
        return []
    for name in HELPERS:
        path = shutil.which(name)
        if path:
            return [path]
    raise RuntimeError("no privilege helper available")


def is_mounted(mountpoint):
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == mountpoint for line in fh)
    except OSError:
        return False


def build_command(cfg, action):
    verb = "u" * (action == "detach") + "mount"
    if action == "detach":
        return [verb, cfg["mountpoint"]]
    source = "%s:%s" % (cfg["host"], cfg["export"])
    return [verb, "-t", cfg["fstype"], "-o", ",".join(cfg["options"]), source, cfg["mountpoint"]]


def run_privileged(argv, dry_run):
    cmd = elevation_prefix() + argv
    log.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    return subprocess.call(cmd)


def ensure_mountpoint(path, dry_run):
    if os.path.isdir(path):
        return
    run_privileged(["mkdir", "-p", path], dry_run)


def verify(mountpoint):
    missing = [d for d in EXPECTED if not os.path.isdir(os.path.join(mountpoint, d))]
    if missing:
        log.warning("share mounted but missing: %s", ", ".join(missing))
    else:
        total = sum(len(os.listdir(os.path.join(mountpoint, d))) for d in EXPECTED)
        log.info("share ok, %d items across %d folders", total, len(EXPECTED))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["attach", "detach", "status"], nargs="?", default="attach")
    ap.add_argument("--rw", action="store_true", help="mount read-write")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = dict(NAS)
    if args.rw:
        cfg["options"] = ["rw"] + cfg["options"][1:]
    mp = cfg["mountpoint"]

    if args.action == "status":
        print("mounted" if is_mounted(mp) else "not mounted")
        return 0
    if args.action == "attach" and is_mounted(mp):
        log.info("already mounted at %s", mp)
        verify(mp)
        return 0
    if args.action == "attach":
        ensure_mountpoint(mp, args.dry_run)
    rc = run_privileged(build_command(cfg, args.action), args.dry_run)
    if rc != 0:
        log.error("%s failed with exit code %d", args.action, rc)
        return rc
    if args.action == "attach" and not args.dry_run:
        verify(mp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
