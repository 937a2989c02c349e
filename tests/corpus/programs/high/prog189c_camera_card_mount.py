#!/usr/bin/env python3
"""Mount an astro-camera SD card and copy the night's frames.

Customers bring in cameras for sensor checks; this helper mounts the card
read-only at a fixed point, copies FITS frames into the job folder, and
unmounts again.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("card-mount")

MOUNT_POINT = Path(os.environ.get("CARD_MOUNT", "/mnt/camcard"))
JOBS_ROOT = Path(os.environ.get("JOBS_ROOT", "./sensor_jobs"))
FRAME_EXT = {".fits", ".fit", ".fts", ".cr2", ".nef"}


def _priv(argv):
    """Run a command with admin rights via the desktop's polkit agent."""
    helper = "pkexec" if os.environ.get("DISPLAY") else "sudo"
    full = [helper] + argv
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def find_card(label):
    out = subprocess.run(["lsblk", "-rno", "NAME,LABEL,RM"], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == "1" and parts[1] == label:
            return "/dev/" + parts[0]
    return None


class CardSession:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = mount_point

    def __enter__(self):
        _priv(["mkdir", "-p", str(self.mount_point)])
        _priv(["mount", "-o", "ro,noexec,nosuid", self.device, str(self.mount_point)])
        log.info("mounted %s at %s", self.device, self.mount_point)
        return self

    def __exit__(self, *exc):
        try:
            _priv(["umount", str(self.mount_point)])
            log.info("unmounted %s", self.device)
        except subprocess.CalledProcessError as err:
            log.warning("umount failed: %s", err.stderr.strip())
        return False

    def frames(self):
        for p in self.mount_point.rglob("*"):
            if p.suffix.lower() in FRAME_EXT and p.is_file():
                yield p


def copy_frames(session, job_dir):
    job_dir.mkdir(parents=True, exist_ok=True)
    n = 0
    for src in session.frames():
        shutil.copy2(src, job_dir / src.name)
        n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description="Copy frames from a customer's camera card")
    ap.add_argument("job_id")
    ap.add_argument("--label", default="ASICAM")
    ap.add_argument("--device", help="explicit block device, e.g. /dev/sdb1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    device = args.device or find_card(args.label)
    if not device:
        log.error("no removable card labelled %s", args.label)
        return 1
    with CardSession(device, MOUNT_POINT) as session:
        count = copy_frames(session, JOBS_ROOT / args.job_id)
    log.info("copied %d frames for job %s", count, args.job_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
