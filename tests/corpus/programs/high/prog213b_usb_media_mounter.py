#!/usr/bin/env python3
"""usb_media_mounter.py - mount patron USB sticks on the scanning station.

The scanning station runs as a locked-down kiosk without desktop
automount. This helper (run by the kiosk's root service) finds the newest
removable partition and mounts it read-write with noexec/nosuid under
/media/patron-usb, or unmounts it when the patron is done.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("usb-mount")

MOUNT_POINT = "/media/patron-usb"
ALLOWED_FS = {"vfat", "exfat", "ntfs"}

MOUNT_SCRIPT = """
set -e
mkdir -p "$USB_MNT"
if mountpoint -q "$USB_MNT"; then
  echo "already mounted"; exit 0
fi
mount -t "$USB_FS" -o "rw,noexec,nosuid,nodev,uid=$USB_UID,gid=$USB_GID,umask=077" "$USB_DEV" "$USB_MNT"
echo "mounted $USB_DEV on $USB_MNT"
"""

UMOUNT_SCRIPT = """
sync
if mountpoint -q "$USB_MNT"; then
  umount "$USB_MNT" && echo "unmounted $USB_MNT"
else
  echo "nothing mounted"
fi
"""


class Partition:
    def __init__(self, data):
        self.path = data.get("path") or "/dev/" + data.get("name", "")
        self.fstype = (data.get("fstype") or "").lower()
        self.removable = str(data.get("rm")) in ("1", "True", "true")
        self.label = data.get("label") or ""

    def __repr__(self):
        return f"Partition({self.path}, {self.fstype}, label={self.label!r})"


def list_partitions():
    out = subprocess.run(
        ["lsblk", "-J", "-o", "NAME,PATH,FSTYPE,RM,LABEL,TYPE"],
        capture_output=True, text=True, check=True,
    ).stdout
    parts = []

    def walk(nodes):
        for node in nodes:
            if node.get("type") == "part":
                parts.append(Partition(node))
            walk(node.get("children") or [])

    walk(json.loads(out).get("blockdevices", []))
    return parts


def pick_device(parts):
    usable = [p for p in parts if p.removable and p.fstype in ALLOWED_FS]
    LOG.info("removable candidates: %s", usable)
    return usable[-1] if usable else None


def run_script(body, env_extra):
    env = dict(os.environ, **env_extra)
    proc = subprocess.run(["bash", "-c", body], env=env, capture_output=True, text=True)
    if proc.stdout.strip():
        LOG.info(proc.stdout.strip())
    if proc.returncode:
        LOG.error("failed (%d): %s", proc.returncode, proc.stderr.strip())
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["mount", "umount", "list"])
    ap.add_argument("--mount-point", default=MOUNT_POINT)
    ap.add_argument("--kiosk-uid", default="1001")
    ap.add_argument("--kiosk-gid", default="1001")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.action == "umount":
        return run_script(UMOUNT_SCRIPT, {"USB_MNT": args.mount_point})
    try:
        parts = list_partitions()
    except (OSError, subprocess.CalledProcessError, ValueError) as exc:
        LOG.error("cannot list block devices: %s", exc)
        return 1
    if args.action == "list":
        for p in parts:
            print(p)
        return 0
    dev = pick_device(parts)
    if dev is None:
        print("no patron USB stick found")
        return 1
    return run_script(MOUNT_SCRIPT, {
        "USB_DEV": dev.path, "USB_FS": dev.fstype, "USB_MNT": args.mount_point,
        "USB_UID": args.kiosk_uid, "USB_GID": args.kiosk_gid,
    })


if __name__ == "__main__":
    sys.exit(main())
