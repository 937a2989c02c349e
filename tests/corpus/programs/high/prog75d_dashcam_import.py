#!/usr/bin/env python3
"""Import dashcam clips from an SD card into the fleet incident archive.

Intended for the headless depot kiosk: finds the card by filesystem label,
mounts it read-only, copies new clips into ./archive/<vehicle>/<date>/,
probes each clip for duration and resolution, appends to index.csv and
unmounts the card again.
"""
import argparse
import contextlib
import csv
import datetime as dt
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("dashcam_import")
CLIP_EXT = {".mp4", ".mov", ".ts", ".avi"}
FFPROBE = os.environ.get("FFPROBE", "ffprobe")
MOUNT_POINT = Path(os.environ.get("DASHCAM_MOUNT", "/mnt/dashcam"))


def _priv(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    LOG.debug("exec %s", " ".join(prefix + cmd))
    subprocess.run(prefix + cmd, check=True)


@contextlib.contextmanager
def mounted(label):
    device = Path("/dev/disk/by-label") / label
    if not device.exists():
        raise FileNotFoundError(f"no card with label {label}")
    _priv(["mkdir", "-p", str(MOUNT_POINT)])
    opts = f"ro,nosuid,nodev,uid={os.getuid()},gid={os.getgid()}"
    _priv(["mount", "-o", opts, str(device.resolve()), str(MOUNT_POINT)])
    try:
        yield MOUNT_POINT
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            _priv(["umount", str(MOUNT_POINT)])


def iter_clips(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in CLIP_EXT and not name.startswith("."):
                yield p


def probe(path: Path):
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


def import_clips(mount: Path, archive: Path, vehicle: str, index_path: Path):
    seen = set()
    if index_path.exists():
        with index_path.open(newline="") as fh:
            seen = {row["source"] for row in csv.DictReader(fh)}
    rows = []
    for clip in iter_clips(mount):
        key = str(clip.relative_to(mount))
        if key in seen:
            continue
        day = dt.datetime.fromtimestamp(clip.stat().st_mtime).date().isoformat()
        dest_dir = archive / vehicle / day
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = dest_dir / clip.name
        shutil.copy2(clip, dest)
        duration, width, height = probe(dest)
        rows.append({"source": key, "dest": str(dest), "vehicle": vehicle,
                     "bytes": dest.stat().st_size, "duration_s": duration,
                     "width": width, "height": height})
    write_header = not index_path.exists()
    with index_path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["source", "dest", "vehicle", "bytes",
                                           "duration_s", "width", "height"])
        if write_header:
            w.writeheader()
        w.writerows(rows)
    return len(rows)


def main(argv=None):
    p = argparse.ArgumentParser(description="import dashcam clips")
    p.add_argument("vehicle")
    p.add_argument("--label", default="DASHCAM")
    p.add_argument("--archive", type=Path, default=Path("archive"))
    p.add_argument("--index", type=Path, default=Path("index.csv"))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    try:
        with mounted(args.label) as mnt:
            count = import_clips(mnt, args.archive, args.vehicle, args.index)
    except (FileNotFoundError, subprocess.CalledProcessError) as exc:
        LOG.error("import failed: %s", exc)
        return 1
    LOG.info("%d new clips archived for %s", count, args.vehicle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
