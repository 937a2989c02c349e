#!/usr/bin/env python3
"""Offload dashcam clips from an SD card into the fleet incident archive.

Expects the card to be mounted already (desktop automount puts it under
/media/$USER/<label>). Copies new clips into ./archive/<vehicle>/<date>/,
probes each clip for duration and resolution, and appends to index.csv.
"""
import argparse
import csv
import datetime as dt
import getpass
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("dashcam_offload")
CLIP_EXT = {".mp4", ".mov", ".ts", ".avi"}
FFPROBE = os.environ.get("FFPROBE", "ffprobe")


def default_mount(label):
    return Path("/media") / getpass.getuser() / label


def iter_clips(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in CLIP_EXT and not name.startswith("."):
                yield p


def probe(path: Path):
    """Return (duration_s, width, height) using ffprobe's JSON output."""
    cmd = f'{FFPROBE} -v error -select_streams v:0 -show_entries ' \
          f'stream=width,height:format=duration -of json "{path}"'
    try:
        out = subprocess.check_output(cmd, shell=True, timeout=30)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        LOG.warning("ffprobe failed on %s: %s", path.name, exc)
        return None, None, None
    info = json.loads(out or b"{}")
    stream = (info.get("streams") or [{}])[0]
    dur = info.get("format", {}).get("duration")
    return (float(dur) if dur else None, stream.get("width"), stream.get("height"))


def clip_date(path: Path):
    return dt.datetime.fromtimestamp(path.stat().st_mtime).date().isoformat()


def offload(mount: Path, archive: Path, vehicle: str, index_path: Path):
    seen = set()
    if index_path.exists():
        with index_path.open(newline="") as fh:
            seen = {row["source"] for row in csv.DictReader(fh)}
    new_rows = []
    for clip in iter_clips(mount):
        key = str(clip.relative_to(mount))
        if key in seen:
            continue
        dest_dir = archive / vehicle / clip_date(clip)
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = dest_dir / clip.name
        shutil.copy2(clip, dest)
        duration, width, height = probe(dest)
        new_rows.append({"source": key, "dest": str(dest), "vehicle": vehicle,
                         "bytes": dest.stat().st_size, "duration_s": duration,
                         "width": width, "height": height})
        LOG.info("copied %s (%s s)", clip.name, duration)
    write_header = not index_path.exists()
    with index_path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["source", "dest", "vehicle", "bytes",
                                           "duration_s", "width", "height"])
        if write_header:
            w.writeheader()
        w.writerows(new_rows)
    return len(new_rows)


def main(argv=None):
    p = argparse.ArgumentParser(description="offload dashcam clips")
    p.add_argument("vehicle", help="fleet number, e.g. VAN-112")
    p.add_argument("--label", default="DASHCAM")
    p.add_argument("--mount", type=Path)
    p.add_argument("--archive", type=Path, default=Path("archive"))
    p.add_argument("--index", type=Path, default=Path("index.csv"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    mount = args.mount or default_mount(args.label)
    if not mount.is_dir():
        LOG.error("%s is not mounted; insert the card and try again", mount)
        return 2
    count = offload(mount, args.archive, args.vehicle, args.index)
    LOG.info("%d new clips archived for %s", count, args.vehicle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
