#!/usr/bin/env python3
"""CCTV incident export.

When there is an accident report (a fall off the bouldering wall, a
trampoline collision) the insurer wants the footage from the cameras
covering that zone for a window around the incident time.  The NVR
stores hourly MP4 files on its SMB share as <camera>/<YYYYMMDD>/<HH>.mp4.
This attaches the share, copies the matching hours for the requested
cameras into ./exports/<incident-id>/, writes a manifest with sha256
sums for chain of custody and detaches the share again.
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("cctv-export")

ZONES_FILE = "zones.ini"


def hours_between(start, end):
    t = start.replace(minute=0, second=0, microsecond=0)
    while t <= end:
        yield t
        t += timedelta(hours=1)


def sha256(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


class NvrShare:
    """Context manager that attaches the NVR SMB share read-only."""

    def __init__(self, unc, mountpoint, creds_file):
        self.unc = unc
        self.mountpoint = Path(mountpoint)
        self.creds_file = creds_file
        self.attached_here = False

    def __enter__(self):
        if os.path.ismount(self.mountpoint):
            log.info("%s already attached", self.mountpoint)
            return self.mountpoint
        opts = f"ro,credentials={self.creds_file},uid={os.getuid()},vers=3.0"
        cmd = ["sudo", "mount", "-t", "cifs", self.unc, str(self.mountpoint), "-o", opts]
        subprocess.run(["sudo", "mkdir", "-p", str(self.mountpoint)], check=True)
        subprocess.run(cmd, check=True)
        self.attached_here = True
        log.info("attached %s at %s", self.unc, self.mountpoint)
        return self.mountpoint

    def __exit__(self, *exc):
        if self.attached_here:
            res = subprocess.run(["sudo", "umount", str(self.mountpoint)])
            if res.returncode:
                log.warning("could not detach %s", self.mountpoint)
        return False


def export(root, cameras, start, end, dest):
    dest.mkdir(parents=True, exist_ok=True)
    manifest = []
    for cam in cameras:
        for hour in hours_between(start, end):
            src = root / cam / hour.strftime("%Y%m%d") / hour.strftime("%H.mp4")
            if not src.exists():
                log.warning("missing %s", src)
                continue
            out = dest / f"{cam}_{hour:%Y%m%d_%H}.mp4"
            shutil.copy2(src, out)
            manifest.append({"camera": cam, "hour": hour.isoformat(),
                             "file": out.name, "sha256": sha256(out)})
            log.info("copied %s", out.name)
    return manifest


def main():
    ap = argparse.ArgumentParser(description="export CCTV footage for an incident")
    ap.add_argument("incident_id")
    ap.add_argument("when", help="incident time, e.g. 2024-03-09T14:35")
    ap.add_argument("--zone", required=True, help="zone name from zones.ini")
    ap.add_argument("--before", type=int, default=30, help="minutes before")
    ap.add_argument("--after", type=int, default=30, help="minutes after")
    ap.add_argument("--share", default="//nvr.local/recordings")
    ap.add_argument("--mountpoint", default="/mnt/nvr")
    ap.add_argument("--creds", default=os.path.expanduser("~/.nvr-smb-credentials"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    zones = configparser.ConfigParser()
    zones.read(ZONES_FILE)
    if not zones.has_section(args.zone):
        log.error("zone %s not in %s (have: %s)", args.zone, ZONES_FILE,
                  ", ".join(zones.sections()))
        return 2
    cameras = [c.strip() for c in zones.get(args.zone, "cameras").split(",")]
    t = datetime.fromisoformat(args.when)
    start, end = t - timedelta(minutes=args.before), t + timedelta(minutes=args.after)

    dest = Path("exports") / args.incident_id
    try:
        with NvrShare(args.share, args.mountpoint, args.creds) as root:
            manifest = export(root, cameras, start, end, dest)
    except subprocess.CalledProcessError as exc:
        log.error("could not attach NVR share: %s", exc)
        return 1
    (dest / "manifest.json").write_text(json.dumps({
        "incident": args.incident_id, "zone": args.zone, "cameras": cameras,
        "window": [start.isoformat(), end.isoformat()], "files": manifest,
        "exported_at": datetime.now().isoformat(timespec="seconds"),
    }, indent=2))
    log.info("%d file(s) exported to %s", len(manifest), dest)
    return 0 if manifest else 1


if __name__ == "__main__":
    sys.exit(main())
