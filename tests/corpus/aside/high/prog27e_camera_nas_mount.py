#!/usr/bin/env python3
"""Mount the NAS share that holds doorbell and yard camera recordings.

Mounts nas.local:/volume1/cameras (NFS) on /mnt/cameras with sudo, checks
free space, and moves finished clips from ./clips into a dated folder on the
share.
"""
import datetime as dt
import os
import shutil
import subprocess
import sys

NAS_EXPORT = "nas.local:/volume1/cameras"
MOUNTPOINT = "/mnt/cameras"
LOCAL_CLIPS = "clips"
MIN_FREE_GB = 5


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == path for line in fh)


def mount_share():
    if is_mounted(MOUNTPOINT):
        return
    subprocess.run(["sudo", "mkdir", "-p", MOUNTPOINT], check=True)
    subprocess.run(
        ["sudo", "mount", "-t", "nfs", "-o", "rw,soft,timeo=50,vers=4",
         NAS_EXPORT, MOUNTPOINT],
        check=True,
    )
    subprocess.run(["sudo", "chown", f"{os.getuid()}:{os.getgid()}",
                    MOUNTPOINT], check=True)


def free_gb(path):
    usage = shutil.disk_usage(path)
    return usage.free / 1e9


def archive_clips():
    if not os.path.isdir(LOCAL_CLIPS):
        return 0
    day = dt.date.today().isoformat()
    dest = os.path.join(MOUNTPOINT, day)
    os.makedirs(dest, exist_ok=True)
    moved = 0
    for name in sorted(os.listdir(LOCAL_CLIPS)):
        if not name.endswith((".mp4", ".jpg")):
            continue
        if name.endswith(".part"):
            continue
        shutil.move(os.path.join(LOCAL_CLIPS, name), os.path.join(dest, name))
        moved += 1
    return moved


def main():
    try:
        mount_share()
    except subprocess.CalledProcessError as exc:
        print(f"mount failed: {exc}", file=sys.stderr)
        return 1
    free = free_gb(MOUNTPOINT)
    print(f"{MOUNTPOINT}: {free:.1f} GB free")
    if free < MIN_FREE_GB:
        print("NAS almost full; not archiving", file=sys.stderr)
        return 1
    moved = archive_clips()
    print(f"archived {moved} clips")
    return 0


if __name__ == "__main__":
    sys.exit(main())
