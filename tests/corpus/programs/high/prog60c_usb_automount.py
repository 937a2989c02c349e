#!/usr/bin/env python3
"""Attach a USB stick to a travel router and expose it under /mnt/usb.

Called from the hotplug hook (or by hand). Loads the storage and filesystem
modules the stick needs, waits for the block device, and mounts the first
partition read-write with sensible options per filesystem.
"""
import argparse
import logging
import os
import subprocess
import time

log = logging.getLogger("usbmount")

FS_TABLE = {
    # fstype: (kernel modules, mount options)
    "vfat": (["nls_cp437", "nls_iso8859-1", "vfat"], "rw,noatime,umask=0022,utf8"),
    "exfat": (["exfat"], "rw,noatime,umask=0022"),
    "ext4": (["ext4"], "rw,noatime"),
    "ntfs3": (["ntfs3"], "rw,noatime,iocharset=utf8"),
}
BASE_MODULES = ["usb-storage", "sd_mod", "uas"]


def modprobe(names):
    for name in names:
        res = subprocess.run(["modprobe", name], capture_output=True, text=True)
        if res.returncode != 0:
            log.debug("modprobe %s: %s", name, res.stderr.strip())


def wait_for_partition(timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open("/proc/partitions") as fh:
            names = [line.split()[-1] for line in fh.readlines()[2:] if line.strip()]
        parts = sorted(n for n in names if n.startswith("sd") and n[-1].isdigit())
        if parts:
            return "/dev/" + parts[0]
        time.sleep(0.5)
    return None


def detect_fs(device):
    out = subprocess.run(["blkid", "-o", "value", "-s", "TYPE", device],
                         capture_output=True, text=True).stdout.strip()
    return "ntfs3" if out == "ntfs" else out


def already_mounted(target):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == target for line in fh)


def do_mount(device, target, fstype):
    modules, options = FS_TABLE[fstype]
    modprobe(modules)
    os.makedirs(target, exist_ok=True)
    subprocess.run(["mount", "-t", fstype, "-o", options, device, target], check=True)
    log.info("mounted %s (%s) on %s", device, fstype, target)


def do_umount(target):
    if already_mounted(target):
        subprocess.run(["sync"], check=False)
        subprocess.run(["umount", target], check=True)
        log.info("unmounted %s", target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["add", "remove"])
    ap.add_argument("--target", default="/mnt/usb")
    ap.add_argument("--wait", type=float, default=10.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="usbmount: %(message)s")

    if args.action == "remove":
        do_umount(args.target)
        return 0
    if already_mounted(args.target):
        log.info("%s already mounted", args.target)
        return 0
    modprobe(BASE_MODULES)
    device = wait_for_partition(args.wait)
    if not device:
        log.error("no USB partition appeared within %.0fs", args.wait)
        return 1
    fstype = detect_fs(device)
    if fstype not in FS_TABLE:
        log.error("%s: unsupported filesystem %r", device, fstype)
        return 1
    try:
        do_mount(device, args.target, fstype)
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
