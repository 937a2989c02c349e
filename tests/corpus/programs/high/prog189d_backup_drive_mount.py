#!/usr/bin/env python3
"""Mounts the rotating offsite backup drive for the collections database.

Registrar staff plug in this week's drive (labels LM-BACKUP-A/B/C) and run
this before the nightly dump. It finds the drive by label, mounts it,
gives the backup group ownership of the mount point, and reports free space.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("backup-mount")

LABELS = ("LM-BACKUP-A", "LM-BACKUP-B", "LM-BACKUP-C")
MOUNT_POINT = Path(os.environ.get("BACKUP_MOUNT", "/mnt/offsite"))
BACKUP_GROUP = os.environ.get("BACKUP_GROUP", "registrar")


def privileged(argv):
    runner = [] if os.geteuid() == 0 else ["sudo"]
    LOG.debug("running %s", argv)
    return subprocess.run(runner + argv, check=True, capture_output=True, text=True)


def find_drive():
    out = subprocess.run(["lsblk", "-J", "-o", "NAME,LABEL,FSTYPE,MOUNTPOINT"],
                         check=True, capture_output=True, text=True).stdout
    tree = json.loads(out)

    def walk(nodes):
        for n in nodes:
            yield n
            yield from walk(n.get("children", []))

    for node in walk(tree.get("blockdevices", [])):
        if node.get("label") in LABELS:
            return node
    return None


class MountManager:
    def __init__(self, mount_point, group):
        self.mount_point = mount_point
        self.group = group

    def is_mounted(self):
        return os.path.ismount(self.mount_point)

    def mount(self, device, fstype):
        privileged(["mkdir", "-p", str(self.mount_point)])
        opts = "noatime,nodev,nosuid"
        privileged(["mount", "-t", fstype or "auto", "-o", opts,
                    f"/dev/{device}", str(self.mount_point)])
        privileged(["chown", f"root:{self.group}", str(self.mount_point)])
        privileged(["chmod", "0770", str(self.mount_point)])

    def unmount(self):
        privileged(["umount", str(self.mount_point)])


def main():
    ap = argparse.ArgumentParser(description="Mount this week's backup drive")
    ap.add_argument("action", choices=("mount", "unmount", "status"), nargs="?",
                    default="mount")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    mgr = MountManager(MOUNT_POINT, BACKUP_GROUP)

    if args.action == "status" or (args.action == "mount" and mgr.is_mounted()):
        if mgr.is_mounted():
            usage = shutil.disk_usage(MOUNT_POINT)
            LOG.info("%s mounted, %.1f GB free", MOUNT_POINT, usage.free / 1e9)
        else:
            LOG.info("%s not mounted", MOUNT_POINT)
        return 0

    if args.action == "unmount":
        mgr.unmount()
        LOG.info("drive released, safe to remove")
        return 0

    drive = find_drive()
    if not drive:
        LOG.error("no backup drive found (looked for %s)", ", ".join(LABELS))
        return 1
    LOG.info("found %s on /dev/%s", drive["label"], drive["name"])
    try:
        mgr.mount(drive["name"], drive.get("fstype"))
    except subprocess.CalledProcessError as exc:
        LOG.error("mount failed: %s", exc.stderr.strip())
        return 1
    usage = shutil.disk_usage(MOUNT_POINT)
    LOG.info("mounted at %s, %.1f GB free", MOUNT_POINT, usage.free / 1e9)
    return 0


if __name__ == "__main__":
    sys.exit(main())
