#!/usr/bin/env python3
"""Pull lesson dashcam footage off the SD card from a training car.

Finds the dashcam's SD card among removable block devices, mounts it
read-only, copies new clips into ./footage/<car>/<date>/ and writes a
per-clip index (duration, resolution, GPS track present) so instructors can
find the debrief moments quickly.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("dashcam_import")

CLIP_EXTS = {".mp4", ".mov", ".ts"}
MOUNT_POINT = Path("./.card")
FOOTAGE_ROOT = Path("./footage")
CARD_LABELS = ("DASHCAM", "NEXTBASE", "VIOFO", "NO NAME")


def run(cmd, **kw):
    log.debug("$ %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def find_card(label_hint=None):
    out = run(["lsblk", "-J", "-o", "NAME,LABEL,RM,FSTYPE,MOUNTPOINT,SIZE"]).stdout
    labels = (label_hint,) if label_hint else CARD_LABELS
    for disk in json.loads(out).get("blockdevices", []):
        for part in disk.get("children", []) or [disk]:
            if str(part.get("rm")) not in ("1", "True", "true"):
                continue
            if part.get("fstype") in ("vfat", "exfat") and (part.get("label") or "").upper() in labels:
                return "/dev/" + part["name"], part.get("mountpoint")
    return None, None


class CardMount:
    """Context manager that mounts the card read-only for the copy."""

    def __init__(self, device):
        self.device = device
        self.path = MOUNT_POINT.resolve()
        self.mounted = False

    def __enter__(self):
        self.path.mkdir(exist_ok=True)
        opts = f"ro,uid={os.getuid()},gid={os.getgid()},umask=077"
        run(["sudo", "-n", "mount", "-o", opts, self.device, str(self.path)])
        self.mounted = True
        return self.path

    def __exit__(self, *exc):
        if self.mounted:
            try:
                run(["sudo", "-n", "umount", str(self.path)])
            except subprocess.CalledProcessError as err:
                log.warning("umount failed: %s", err.stderr.strip())
        return False


def probe(clip):
    try:
        out = run(["ffprobe", "-v", "error", "-print_format", "json",
                   "-show_format", "-show_streams", str(clip)], timeout=60).stdout
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError):
        return {"error": "probe failed"}
    info = json.loads(out)
    video = next((s for s in info.get("streams", []) if s.get("codec_type") == "video"), {})
    return {
        "duration": float(info.get("format", {}).get("duration", 0)),
        "resolution": f"{video.get('width')}x{video.get('height')}",
        "has_gps": any(s.get("codec_tag_string") == "gpmd" or s.get("codec_type") == "data"
                       for s in info.get("streams", [])),
    }


def copy_clips(src_root, car, index):
    copied = 0
    for clip in sorted(src_root.rglob("*")):
        if clip.suffix.lower() not in CLIP_EXTS or not clip.is_file():
            continue
        day = datetime.fromtimestamp(clip.stat().st_mtime).strftime("%Y-%m-%d")
        dest = FOOTAGE_ROOT / car / day / clip.name
        if dest.exists() and dest.stat().st_size == clip.stat().st_size:
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(clip, dest)
        index[str(dest)] = probe(dest)
        copied += 1
        log.info("copied %s", dest)
    return copied


def main():
    ap = argparse.ArgumentParser(description="Import dashcam footage from a training car SD card")
    ap.add_argument("car", help="car registration, e.g. LW21ABC")
    ap.add_argument("--label", help="volume label of the card if not a known dashcam default")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    device, existing = find_card(args.label)
    if not device:
        log.error("no dashcam card found; is it inserted?")
        return 1

    car = args.car.upper().replace(" ", "")
    index_file = FOOTAGE_ROOT / car / "index.json"
    index = json.loads(index_file.read_text()) if index_file.exists() else {}

    try:
        if existing:
            log.info("%s already mounted at %s", device, existing)
            copied = copy_clips(Path(existing), car, index)
        else:
            with CardMount(device) as root:
                copied = copy_clips(root, car, index)
    except subprocess.CalledProcessError as err:
        log.error("%s failed: %s", err.cmd[0:3], (err.stderr or "").strip())
        return 1

    index_file.parent.mkdir(parents=True, exist_ok=True)
    index_file.write_text(json.dumps(index, indent=1))
    log.info("%d new clips for %s", copied, car)
    return 0


if __name__ == "__main__":
    sys.exit(main())
