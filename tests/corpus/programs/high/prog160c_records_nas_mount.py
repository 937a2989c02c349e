#!/usr/bin/env python3
"""Mount the records NAS share on the arrangement office server.

The NAS holds scanned certificates, cremation forms and signed contracts.
This is run by the office manager after a reboot or when the share drops.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("nas-mount")

NAS_HOST = os.environ.get("RECORDS_NAS_HOST", "192.0.2.40")
NAS_SHARE = os.environ.get("RECORDS_NAS_SHARE", "records")
MOUNT_POINT = Path(os.environ.get("RECORDS_MOUNT", "/mnt/records"))
CRED_FILE = Path(os.environ.get("RECORDS_CRED_FILE",
                                str(Path.home() / ".config" / "nas" / "records.cred")))


def is_mounted(mount_point):
    target = str(mount_point.resolve())
    with open("/proc/mounts", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) > 1 and parts[1] == target:
                return True
    return False


def run(cmd, dry_run=False):
    LOG.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("command failed (%d): %s", result.returncode, result.stderr.strip())
    return result.returncode


def ensure_mount_point(mount_point, dry_run):
    if mount_point.is_dir():
        return True
    return run(["sudo", "mkdir", "-p", str(mount_point)], dry_run) == 0


def mount_share(args):
    if not CRED_FILE.is_file():
        LOG.error("credentials file %s is missing", CRED_FILE)
        return 1
    if is_mounted(MOUNT_POINT):
        LOG.info("%s already mounted", MOUNT_POINT)
        return 0
    if not ensure_mount_point(MOUNT_POINT, args.dry_run):
        return 1
    options = "credentials=%s,uid=%d,gid=%d,vers=3.0,file_mode=0640,dir_mode=0750" % (
        CRED_FILE, os.getuid(), os.getgid())
    if args.read_only:
        options += ",ro"
    cmd = ["sudo", "mount", "-t", "cifs",
           "//%s/%s" % (NAS_HOST, NAS_SHARE), str(MOUNT_POINT), "-o", options]
    return run(cmd, args.dry_run)


def unmount_share(args):
    if not is_mounted(MOUNT_POINT):
        LOG.info("%s is not mounted", MOUNT_POINT)
        return 0
    return run(["sudo", "umount", str(MOUNT_POINT)], args.dry_run)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    up = sub.add_parser("mount")
    up.add_argument("--read-only", action="store_true")
    sub.add_parser("umount")
    sub.add_parser("status")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args(argv)
    if args.action == "status":
        state = "mounted" if is_mounted(MOUNT_POINT) else "not mounted"
        print("%s: %s" % (MOUNT_POINT, state))
        return 0
    if args.action == "mount":
        return mount_share(args)
    return unmount_share(args)


if __name__ == "__main__":
    sys.exit(main())
