#!/usr/bin/env python3
"""Mount the CCTV archive share on the park office PC.

The bowl and street-course cameras record to the NAS in the storeroom.  The
office PC mounts that share read-only so staff can pull footage after an
incident report.
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cctv-mount")

SHARE = {
    "server": "192.0.2.60",
    "name": "cctv",
    "mountpoint": "/mnt/cctv",
    "credentials": Path.home() / ".config" / "cctv" / "nas.cred",
    "fstype": "cifs",
}


def share_path(share):
    return f"//{share['server']}/{share['name']}"


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) > 1 and fields[1] == mountpoint:
                return True
    return False


def mount_options(share, readonly=True):
    uid = os.getuid()
    gid = os.getgid()
    opts = [
        f"credentials={share['credentials']}",
        f"uid={uid}",
        f"gid={gid}",
        "vers=3.0",
        "iocharset=utf8",
    ]
    opts.append("ro" if readonly else "rw")
    return ",".join(opts)


def ensure_mountpoint(mountpoint):
    if Path(mountpoint).is_dir():
        return
    log.info("creating %s", mountpoint)
    subprocess.run(["sudo", "mkdir", "-p", mountpoint], check=True)


def do_mount(share, readonly):
    cmd = [
        "sudo", "mount", "-t", share["fstype"],
        share_path(share), share["mountpoint"],
        "-o", mount_options(share, readonly),
    ]
    log.info("mounting %s on %s", share_path(share), share["mountpoint"])
    return subprocess.run(cmd).returncode


def do_unmount(share):
    return subprocess.run(["sudo", "umount", share["mountpoint"]]).returncode


def list_recent(mountpoint, limit=10):
    root = Path(mountpoint)
    clips = sorted(root.rglob("*.mp4"), key=lambda p: p.stat().st_mtime, reverse=True)
    for clip in clips[:limit]:
        print(clip.relative_to(root))


def parse_args():
    parser = argparse.ArgumentParser(description="CCTV archive share")
    sub = parser.add_subparsers(dest="action", required=True)
    up = sub.add_parser("mount")
    up.add_argument("--rw", action="store_true", help="mount read-write")
    sub.add_parser("umount")
    ls = sub.add_parser("recent")
    ls.add_argument("--limit", type=int, default=10)
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    share = SHARE
    mountpoint = share["mountpoint"]

    if args.action == "mount":
        if is_mounted(mountpoint):
            log.info("already mounted")
            return 0
        if not share["credentials"].exists():
            log.error("credentials file %s missing", share["credentials"])
            return 1
        ensure_mountpoint(mountpoint)
        return do_mount(share, readonly=not args.rw)

    if args.action == "umount":
        if not is_mounted(mountpoint):
            log.info("not mounted")
            return 0
        return do_unmount(share)

    if args.action == "recent":
        if not is_mounted(mountpoint):
            log.error("share not mounted")
            return 1
        list_recent(mountpoint, args.limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
