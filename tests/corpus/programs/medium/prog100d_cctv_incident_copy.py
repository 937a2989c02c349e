#!/usr/bin/env python3
"""CCTV incident copy.

When there is an accident report (a fall off the bouldering wall, a
trampoline collision) the insurer wants the footage from the cameras
covering that zone for a window around the incident time.  The NVR
stores hourly MP4 files on its SMB share as <camera>/<YYYYMMDD>/<HH>.mp4;
on the office PC that share is already attached through fstab.  This
copies the matching hours for the requested cameras with rsync into
./exports/<incident-id>/ and writes a manifest with sha256 sums for
chain of custody.
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("cctv-copy")

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


def copy_clip(src, out, bwlimit):
    cmd = ["rsync", "--times", "--partial", f"--bwlimit={bwlimit}", str(src), str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or f"rsync exit {res.returncode}")


def export(root, cameras, start, end, dest, bwlimit):
    dest.mkdir(parents=True, exist_ok=True)
    manifest = []
    for cam in cameras:
        for hour in hours_between(start, end):
            src = root / cam / hour.strftime("%Y%m%d") / hour.strftime("%H.mp4")
            if not src.exists():
                log.warning("missing %s", src)
                continue
            out = dest / f"{cam}_{hour:%Y%m%d_%H}.mp4"
            try:
                copy_clip(src, out, bwlimit)
            except RuntimeError as exc:
                log.error("copy of %s failed: %s", src, exc)
                continue
            manifest.append({"camera": cam, "hour": hour.isoformat(),
                             "file": out.name, "sha256": sha256(out)})
            log.info("copied %s", out.name)
    return manifest


def main():
    ap = argparse.ArgumentParser(description="copy CCTV footage for an incident")
    ap.add_argument("incident_id")
    ap.add_argument("when", help="incident time, e.g. 2024-03-09T14:35")
    ap.add_argument("--zone", required=True, help="zone name from zones.ini")
    ap.add_argument("--before", type=int, default=30, help="minutes before")
    ap.add_argument("--after", type=int, default=30, help="minutes after")
    ap.add_argument("--root", default=os.environ.get("NVR_ROOT", "/mnt/nvr"))
    ap.add_argument("--bwlimit", default="20M", help="keep the NVR responsive")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root)
    if not os.path.ismount(root) and not (root / ".nvr").exists():
        log.error("%s does not look like the NVR share - is it attached?", root)
        return 1

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
    manifest = export(root, cameras, start, end, dest, args.bwlimit)
    (dest / "manifest.json").write_text(json.dumps({
        "incident": args.incident_id, "zone": args.zone, "cameras": cameras,
        "window": [start.isoformat(), end.isoformat()], "files": manifest,
        "exported_at": datetime.now().isoformat(timespec="seconds"),
    }, indent=2))
    log.info("%d file(s) exported to %s", len(manifest), dest)
    return 0 if manifest else 1


if __name__ == "__main__":
    sys.exit(main())
