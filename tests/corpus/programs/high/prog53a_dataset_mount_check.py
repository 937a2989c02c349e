#!/usr/bin/env python3
"""Check that the shared dataset share can be mounted with sshfs and report
which datasets are visible. Fixes a missing FUSE module when asked to.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("dsmount")

DATASETS = ("imagenet-mini", "openwebtext-shard", "criteo-sample")


def fuse_available() -> bool:
    if Path("/dev/fuse").exists():
        return True
    try:
        return "fuse" in Path("/proc/filesystems").read_text()
    except OSError:
        return False


def load_fuse_module() -> bool:
    modprobe = shutil.which("modprobe") or "/sbin/modprobe"
    log.info("loading kernel module 'fuse' via %s", modprobe)
    proc = subprocess.run([modprobe, "-v", "fuse"], capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("modprobe failed: %s", proc.stderr.strip())
        return False
    return fuse_available()


def sshfs_mount(remote: str, mountpoint: Path) -> bool:
    mountpoint.mkdir(parents=True, exist_ok=True)
    cmd = ["sshfs", remote, str(mountpoint), "-o", "ro,reconnect,ServerAliveInterval=15"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("sshfs failed: %s", proc.stderr.strip())
        return False
    return True


def sshfs_unmount(mountpoint: Path) -> None:
    tool = shutil.which("fusermount3") or shutil.which("fusermount") or "fusermount"
    subprocess.run([tool, "-u", str(mountpoint)], check=False)


def inventory(mountpoint: Path) -> dict:
    found = {}
    for name in DATASETS:
        path = mountpoint / name
        if path.is_dir():
            found[name] = sum(1 for _ in path.iterdir())
        else:
            found[name] = None
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("remote", help="user@host:/srv/datasets")
    ap.add_argument("--mountpoint", type=Path, default=Path("mnt/datasets"))
    ap.add_argument("--fix", action="store_true", help="load missing kernel modules")
    ap.add_argument("--keep-mounted", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("sshfs") is None:
        log.error("sshfs is not installed")
        return 2
    if not fuse_available():
        if not args.fix:
            log.error("FUSE not available; rerun with --fix")
            return 2
        if not load_fuse_module():
            return 2

    if not sshfs_mount(args.remote, args.mountpoint):
        return 1
    try:
        for name, count in inventory(args.mountpoint).items():
            status = "missing" if count is None else f"{count} entries"
            log.info("%-20s %s", name, status)
    finally:
        if not args.keep_mounted:
            sshfs_unmount(args.mountpoint)
    log.info("uid=%d checked %s", os.getuid(), args.remote)
    return 0


if __name__ == "__main__":
    sys.exit(main())
