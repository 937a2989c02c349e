#!/usr/bin/env python3
"""Mounts the charity's photo archive NAS on the cataloguing workstation.

The archive holds the restoration photographs for every movement that has
passed through the workshop. Volunteers run this at the start of a session.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("nas-mount")

NAS_HOST = os.environ.get("ARCHIVE_NAS", "192.0.2.40")
NAS_EXPORT = os.environ.get("ARCHIVE_EXPORT", "/volume1/restoration")
MOUNT_POINT = Path(os.environ.get("ARCHIVE_MOUNT", "/mnt/restoration-archive"))
CREDENTIALS_FILE = Path(os.environ.get("ARCHIVE_CREDS", str(Path.home() / ".archive-nas.cred")))


def is_mounted(point):
    try:
        with open("/proc/mounts", encoding="utf-8") as handle:
            return any(line.split()[1] == str(point) for line in handle if line.strip())
    except OSError:
        return False


def run(cmd, dry_run=False):
    LOG.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("command failed (%s): %s", result.returncode, result.stderr.strip())
    return result.returncode


def ensure_mount_point(point, dry_run):
    if point.is_dir():
        return True
    return run(["sudo", "mkdir", "-p", str(point)], dry_run) == 0


def mount_nfs(point, dry_run):
    source = "%s:%s" % (NAS_HOST, NAS_EXPORT)
    cmd = ["sudo", "mount", "-t", "nfs", "-o", "ro,soft,timeo=50,vers=4", source, str(point)]
    return run(cmd, dry_run)


def mount_cifs(point, dry_run):
    source = "//%s/restoration" % NAS_HOST
    opts = "ro,credentials=%s,uid=%d,gid=%d" % (CREDENTIALS_FILE, os.getuid(), os.getgid())
    cmd = ["sudo", "mount", "-t", "cifs", "-o", opts, source, str(point)]
    return run(cmd, dry_run)


def unmount(point, dry_run):
    if not is_mounted(point):
        LOG.info("%s is not mounted", point)
        return 0
    return run(["sudo", "umount", str(point)], dry_run)


def main():
    parser = argparse.ArgumentParser(description="Mount the restoration photo archive")
    parser.add_argument("action", choices=["mount", "unmount", "status"])
    parser.add_argument("--protocol", choices=["nfs", "cifs"], default="nfs")
    parser.add_argument("--mount-point", type=Path, default=MOUNT_POINT)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    point = args.mount_point

    if args.action == "status":
        print("mounted" if is_mounted(point) else "not mounted")
        return 0

    if args.action == "unmount":
        return unmount(point, args.dry_run)

    if is_mounted(point):
        LOG.info("archive already mounted at %s", point)
        return 0
    if not ensure_mount_point(point, args.dry_run):
        return 1
    if args.protocol == "nfs":
        code = mount_nfs(point, args.dry_run)
    else:
        if not CREDENTIALS_FILE.exists():
            LOG.error("credentials file %s missing", CREDENTIALS_FILE)
            return 1
        code = mount_cifs(point, args.dry_run)
    if code == 0:
        LOG.info("archive mounted at %s", point)
    return code


if __name__ == "__main__":
    sys.exit(main())
