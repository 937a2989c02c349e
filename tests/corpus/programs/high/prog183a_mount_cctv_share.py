#!/usr/bin/env python3
"""Mount the CCTV recorder's share on the office PC so the manager can pull
footage of sparring incidents for the insurer.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("cctv_mount")

NVR_SHARE = os.environ.get("CCTV_SHARE", "//192.0.2.20/recordings")
MOUNT_POINT = Path(os.environ.get("CCTV_MOUNT", "/mnt/cctv"))
CRED_FILE = Path(os.environ.get("CCTV_CRED_FILE", "~/.config/ironside/cctv.cred")).expanduser()


def is_mounted(point: Path) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(point) for line in fh)


def run(cmd):
    log.debug("running: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True)


def mount_share(readonly=True):
    if is_mounted(MOUNT_POINT):
        log.info("%s already mounted", MOUNT_POINT)
        return
    if not CRED_FILE.exists():
        sys.exit(f"credentials file {CRED_FILE} missing (username=/password= lines)")
    run(["sudo", "mkdir", "-p", str(MOUNT_POINT)])
    opts = [f"credentials={CRED_FILE}", f"uid={os.getuid()}", f"gid={os.getgid()}", "vers=3.0"]
    if readonly:
        opts.append("ro")
    run(["sudo", "mount", "-t", "cifs", NVR_SHARE, str(MOUNT_POINT), "-o", ",".join(opts)])
    log.info("mounted %s on %s", NVR_SHARE, MOUNT_POINT)


def unmount_share():
    if is_mounted(MOUNT_POINT):
        run(["sudo", "umount", str(MOUNT_POINT)])
        log.info("unmounted %s", MOUNT_POINT)


def copy_clips(camera: str, since: datetime, dest: Path):
    src = MOUNT_POINT / camera
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for clip in sorted(src.glob("*.mp4")):
        mtime = datetime.fromtimestamp(clip.stat().st_mtime)
        if mtime >= since:
            shutil.copy2(clip, dest / clip.name)
            copied += 1
    log.info("copied %d clips from %s to %s", copied, camera, dest)


def main():
    parser = argparse.ArgumentParser(description="Mount CCTV share and pull clips")
    parser.add_argument("action", choices=["mount", "umount", "pull"])
    parser.add_argument("--camera", default="ring_main")
    parser.add_argument("--hours", type=int, default=24)
    parser.add_argument("--dest", type=Path, default=Path("incident_footage"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.action == "mount":
        mount_share()
    elif args.action == "umount":
        unmount_share()
    else:
        mount_share()
        try:
            copy_clips(args.camera, datetime.now() - timedelta(hours=args.hours), args.dest)
        finally:
            unmount_share()


if __name__ == "__main__":
    main()
