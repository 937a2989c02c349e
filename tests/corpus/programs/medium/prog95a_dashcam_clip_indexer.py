#!/usr/bin/env python3
"""Pull lesson dashcam footage off the SD card from a training car.

Point it at the card once the desktop has mounted it (or at a folder the
instructor copied off the car). Copies new clips into
./footage/<car>/<date>/ and writes a per-clip index (duration, resolution,
GPS track present) so instructors can find the debrief moments quickly.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("dashcam_import")

CLIP_EXTS = {".mp4", ".mov", ".ts"}
FOOTAGE_ROOT = Path("./footage")
CARD_MARKERS = ("DCIM", "Normal", "Event", "Movie")


def run(cmd, **kw):
    log.debug("$ %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


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
    ap.add_argument("source", type=Path, help="mounted card or copied folder, e.g. /media/$USER/DASHCAM")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a directory; is the card mounted?", args.source)
        return 1
    if not any((args.source / m).exists() for m in CARD_MARKERS):
        log.warning("%s does not look like a dashcam card, scanning anyway", args.source)

    car = args.car.upper().replace(" ", "")
    index_file = FOOTAGE_ROOT / car / "index.json"
    index = json.loads(index_file.read_text()) if index_file.exists() else {}

    try:
        copied = copy_clips(args.source, car, index)
    except OSError as err:
        log.error("copy failed: %s", err)
        return 1

    index_file.parent.mkdir(parents=True, exist_ok=True)
    index_file.write_text(json.dumps(index, indent=1))
    log.info("%d new clips for %s", copied, car)
    return 0


if __name__ == "__main__":
    sys.exit(main())
