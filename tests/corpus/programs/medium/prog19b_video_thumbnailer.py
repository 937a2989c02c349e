#!/usr/bin/env python3
"""Generate contact-sheet thumbnails for every video in a folder with ffmpeg."""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile

log = logging.getLogger("thumbnailer")
VIDEO_EXTS = {".mp4", ".mkv", ".mov", ".webm", ".avi"}


def probe_duration(path):
    """Return the duration in seconds using ffprobe."""
    out = subprocess.check_output(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration",
         "-of", "json", path], text=True)
    return float(json.loads(out)["format"]["duration"])


def make_sheet(video, dest_dir, tiles, width):
    duration = probe_duration(video)
    interval = max(duration / (tiles * tiles), 1.0)
    frame_pattern = tempfile.mktemp(prefix="thumb_", suffix="_%03d.png")
    base = os.path.splitext(os.path.basename(video))[0]
    sheet = os.path.join(dest_dir, f"{base}.jpg")

    extract = (f'ffmpeg -loglevel error -y -i "{video}" '
               f'-vf "fps=1/{interval:.2f},scale={width}:-1" "{frame_pattern}"')
    tile = (f'ffmpeg -loglevel error -y -pattern_type glob '
            f'-i "{frame_pattern.replace("%03d", "*")}" '
            f'-vf "tile={tiles}x{tiles}" -frames:v 1 "{sheet}"')
    try:
        subprocess.run(extract, shell=True, check=True)
        subprocess.run(tile, shell=True, check=True)
    finally:
        folder = os.path.dirname(frame_pattern)
        prefix = os.path.basename(frame_pattern).split("%")[0]
        for name in os.listdir(folder):
            if name.startswith(prefix):
                os.remove(os.path.join(folder, name))
    return sheet


def find_videos(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            if os.path.splitext(name)[1].lower() in VIDEO_EXTS:
                yield os.path.join(dirpath, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source")
    parser.add_argument("--dest", default="thumbnails")
    parser.add_argument("--tiles", type=int, default=4)
    parser.add_argument("--width", type=int, default=320)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not shutil.which("ffmpeg") or not shutil.which("ffprobe"):
        log.error("ffmpeg/ffprobe not found in PATH")
        return 127
    os.makedirs(args.dest, exist_ok=True)

    done = failed = 0
    for video in find_videos(args.source):
        try:
            sheet = make_sheet(video, args.dest, args.tiles, args.width)
            log.info("%s -> %s", video, sheet)
            done += 1
        except (subprocess.CalledProcessError, ValueError, KeyError) as exc:
            log.warning("failed on %s: %s", video, exc)
            failed += 1
    log.info("%d sheets written, %d failures", done, failed)
    return 1 if failed and not done else 0


if __name__ == "__main__":
    sys.exit(main())
