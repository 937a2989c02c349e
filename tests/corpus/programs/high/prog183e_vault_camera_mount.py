#!/usr/bin/env python3
"""Mounts the vault camera NAS share and lists footage for a date range.

Used by the manager when the police ask for footage of a pawn transaction.
"""
import argparse
import datetime as dt
import logging
import os
import subprocess
from pathlib import Path

LOG = logging.getLogger("vaultcam")

NAS_SHARE = os.environ.get("VAULTCAM_SHARE", "//192.0.2.40/footage")
MOUNT_POINT = Path(os.environ.get("VAULTCAM_MNT", "/mnt/vaultcam"))
CRED_FILE = os.environ.get("VAULTCAM_CRED", "/root/.vaultcam.cred")


def is_mounted(mnt):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(mnt) for line in fh)


def mount_share():
    if is_mounted(MOUNT_POINT):
        LOG.info("%s already mounted", MOUNT_POINT)
        return
    subprocess.run(["sudo", "mkdir", "-p", str(MOUNT_POINT)], check=True)
    opts = f"credentials={CRED_FILE},ro,uid={os.getuid()},vers=3.0"
    LOG.info("mounting %s on %s", NAS_SHARE, MOUNT_POINT)
    subprocess.run(["sudo", "mount", "-t", "cifs", NAS_SHARE, str(MOUNT_POINT),
                    "-o", opts], check=True)


def unmount_share():
    if is_mounted(MOUNT_POINT):
        subprocess.run(["sudo", "umount", str(MOUNT_POINT)], check=True)
        LOG.info("unmounted %s", MOUNT_POINT)


def list_footage(start, end, camera):
    results = []
    day = start
    while day <= end:
        folder = MOUNT_POINT / camera / day.strftime("%Y/%m/%d")
        if folder.is_dir():
            for clip in sorted(folder.glob("*.mp4")):
                results.append(clip)
        day += dt.timedelta(days=1)
    return results


def main():
    ap = argparse.ArgumentParser(description="Vault camera footage lookup")
    ap.add_argument("--from", dest="start", required=True,
                    type=dt.date.fromisoformat)
    ap.add_argument("--to", dest="end", type=dt.date.fromisoformat)
    ap.add_argument("--camera", default="vault-1")
    ap.add_argument("--keep-mounted", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    end = args.end or args.start
    mount_share()
    try:
        clips = list_footage(args.start, end, args.camera)
        for clip in clips:
            size_mb = clip.stat().st_size / 1_048_576
            print(f"{clip}\t{size_mb:.1f} MB")
        LOG.info("%d clips for %s between %s and %s",
                 len(clips), args.camera, args.start, end)
    finally:
        if not args.keep_mounted:
            unmount_share()


if __name__ == "__main__":
    main()
