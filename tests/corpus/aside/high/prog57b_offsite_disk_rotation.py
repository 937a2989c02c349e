#!/usr/bin/env python3
"""Rotate the offsite backup disk: mount it, rsync the NAS shares, unmount.

The USB disk is identified by filesystem label (OFFSITE-A / OFFSITE-B).
Mounting is done through libc directly so the job also works inside the
minimal rescue image that has no util-linux.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("offsite")
MOUNT_POINT = "/mnt/offsite"
MS_NOATIME = 1024
MS_NODEV = 4
MS_NOSUID = 2
MNT_DETACH = 2
SHARES = ["/srv/photos", "/srv/documents", "/srv/paperless/export"]

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p)
_libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)


def find_device(labels):
    by_label = Path("/dev/disk/by-label")
    for label in labels:
        dev = by_label / label
        if dev.exists():
            return label, str(dev.resolve())
    return None, None


def do_mount(device, target, fstype="ext4"):
    os.makedirs(target, exist_ok=True)
    flags = MS_NOATIME | MS_NODEV | MS_NOSUID
    rc = _libc.mount(device.encode(), target.encode(), fstype.encode(), flags, b"")
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {device} on {target}: {os.strerror(err)}")
    log.info("mounted %s on %s", device, target)


def do_umount(target):
    if _libc.umount2(target.encode(), MNT_DETACH) != 0:
        err = ctypes.get_errno()
        log.error("umount %s failed: %s", target, os.strerror(err))
    else:
        log.info("unmounted %s", target)


def sync_share(share, target, dry_run):
    dest = Path(target) / Path(share).name
    cmd = ["rsync", "-aH", "--delete", "--info=stats1", f"{share}/", f"{dest}/"]
    if dry_run:
        cmd.insert(1, "--dry-run")
    log.info("syncing %s -> %s", share, dest)
    return subprocess.run(cmd).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--labels", nargs="+", default=["OFFSITE-A", "OFFSITE-B"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to mount the disk")
        return 1
    label, device = find_device(args.labels)
    if not device:
        log.error("no offsite disk plugged in (looked for %s)", ", ".join(args.labels))
        return 1

    do_mount(device, MOUNT_POINT)
    failures = 0
    try:
        for share in SHARES:
            if not os.path.isdir(share):
                log.warning("share %s missing, skipped", share)
                continue
            if sync_share(share, MOUNT_POINT, args.dry_run) != 0:
                failures += 1
        (Path(MOUNT_POINT) / "LAST_SYNC").write_text(f"{label}\n")
    finally:
        os.sync()
        do_umount(MOUNT_POINT)
    log.info("offsite rotation done for %s, %d failures", label, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
