#!/usr/bin/env python3
"""Convert every video in a folder to H.264 MP4 with ffmpeg.

Output files go to ./converted/ with the same base name. Already
converted files are skipped so the script can be re-run.
"""
import argparse
import subprocess
import sys
from pathlib import Path

VIDEO_EXT = {".mov", ".avi", ".mkv", ".webm", ".wmv", ".flv", ".m4v"}


def convert(src, dst, crf, preset):
    # Build the ffmpeg command as one string and run it through the shell.
    cmd = (f'ffmpeg -hide_banner -loglevel error -y -i "{src}" '
           f'-c:v libx264 -crf {crf} -preset {preset} '
           f'-c:a aac -b:a 160k -movflags +faststart "{dst}"')
    return subprocess.run(cmd, shell=True).returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default=".")
    parser.add_argument("--crf", type=int, default=23)
    parser.add_argument("--preset", default="medium")
    args = parser.parse_args()

    src_dir = Path(args.folder)
    out_dir = Path("converted")
    out_dir.mkdir(exist_ok=True)

    videos = sorted(p for p in src_dir.iterdir() if p.suffix.lower() in VIDEO_EXT)
    if not videos:
        sys.exit(f"No videos found in {src_dir}")

    failed = 0
    for i, src in enumerate(videos, 1):
        dst = out_dir / (src.stem + ".mp4")
        if dst.exists():
            print(f"[{i}/{len(videos)}] skip {src.name} (already converted)")
            continue
        print(f"[{i}/{len(videos)}] {src.name} -> {dst}")
        if convert(src, dst, args.crf, args.preset) != 0:
            print(f"  ffmpeg failed on {src.name}")
            failed += 1

    print(f"Done: {len(videos) - failed} converted, {failed} failed.")


if __name__ == "__main__":
    main()
