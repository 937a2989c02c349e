#!/usr/bin/env python3
"""Ingest drone SD-card imagery into job folders.

Pilots come back from roof surveys with one card holding several jobs.
We read GPS and capture time from every frame with exiftool, match each
frame to the nearest job site from jobs.json (lat/lon + radius) and copy it
into survey/<job>/<date>/ ready for the uploader.  Frames that match no
site go to survey/_unsorted/.

The office ingest station has no desktop session, so the card is mounted
read-only by this script (found by its filesystem label) and unmounted
again when the copy is done.

    ./drone_card_ingest.py --label DJI_CARD --jobs jobs.json
"""
import argparse
import contextlib
import json
import os
import logging
import math
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("card_ingest")
MOUNT_BASE = Path(os.environ.get("INGEST_MOUNT_BASE", "/mnt/drone_ingest"))
IMAGE_EXTS = {".jpg", ".jpeg", ".dng"}
EXIF_TAGS = ["-GPSLatitude#", "-GPSLongitude#", "-DateTimeOriginal", "-RelativeAltitude"]


def haversine_m(lat1, lon1, lat2, lon2) -> float:
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


def read_exif(frames: list, batch: int = 200) -> dict:
    """Run exiftool in batches; returns {path: tags}."""
    out = {}
    for i in range(0, len(frames), batch):
        chunk = [str(p) for p in frames[i:i + batch]]
        proc = subprocess.run(["exiftool", "-json", "-n", *EXIF_TAGS, *chunk],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"exiftool failed: {proc.stderr.strip()}")
        for rec in json.loads(proc.stdout or "[]"):
            out[rec["SourceFile"]] = rec
    return out


def match_job(lat, lon, jobs: list):
    best, best_d = None, float("inf")
    for job in jobs:
        d = haversine_m(lat, lon, job["lat"], job["lon"])
        if d <= job.get("radius_m", 150) and d < best_d:
            best, best_d = job["job"], d
    return best


def find_frames(card_root: Path) -> list:
    dcim = card_root / "DCIM"
    if not dcim.is_dir():
        raise FileNotFoundError(f"{card_root} has no DCIM folder - is this a drone card?")
    return sorted(p for p in dcim.rglob("*") if p.suffix.lower() in IMAGE_EXTS)


def device_for_label(label: str) -> str:
    by_label = Path("/dev/disk/by-label") / label
    if by_label.exists():
        return os.path.realpath(by_label)
    proc = subprocess.run(["blkid", "-L", label], capture_output=True, text=True)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise FileNotFoundError(f"no card with label {label!r} attached")
    return proc.stdout.strip()


@contextlib.contextmanager
def mounted(device: str, label: str):
    point = MOUNT_BASE / label
    point.mkdir(parents=True, exist_ok=True)
    opts = f"ro,nosuid,nodev,uid={os.getuid()},gid={os.getgid()}"
    subprocess.run(["mount", "-o", opts, device, str(point)], check=True,
                   capture_output=True, text=True)
    log.info("mounted %s on %s", device, point)
    try:
        yield point
    finally:
        subprocess.run(["umount", str(point)], check=False)
        log.info("unmounted %s", point)


def import_card(card_root: Path, jobs: list, dest_root: Path, move: bool = False) -> Counter:
    frames = find_frames(card_root)
    log.info("%d frames on %s", len(frames), card_root)
    exif = read_exif(frames)
    tally = Counter()
    for frame in frames:
        tags = exif.get(str(frame), {})
        lat, lon = tags.get("GPSLatitude"), tags.get("GPSLongitude")
        taken = str(tags.get("DateTimeOriginal", "0000:00:00"))[:10].replace(":", "-")
        job = match_job(lat, lon, jobs) if lat is not None and lon is not None else None
        folder = dest_root / (job or "_unsorted") / taken
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / frame.name
        if target.exists() and target.stat().st_size == frame.stat().st_size:
            tally["skipped"] += 1
            continue
        (shutil.move if move else shutil.copy2)(frame, target)
        tally[job or "_unsorted"] += 1
    return tally


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="sort drone card imagery into job folders")
    ap.add_argument("--label", default="DJI_CARD", help="filesystem label of the SD card")
    ap.add_argument("--device", help="block device, overrides --label (e.g. /dev/sdb1)")
    ap.add_argument("--jobs", type=Path, default=Path("jobs.json"))
    ap.add_argument("--dest", type=Path, default=Path("survey"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if shutil.which("exiftool") is None:
        log.error("exiftool not found (apt install libimage-exiftool-perl)")
        return 2
    try:
        jobs = json.loads(args.jobs.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.jobs, exc)
        return 2
    try:
        device = args.device or device_for_label(args.label)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    try:
        with mounted(device, args.label) as card:
            tally = import_card(card, jobs, args.dest.resolve(), move=False)
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", (exc.stderr or "").strip())
        return 1
    except (FileNotFoundError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    for job, n in sorted(tally.items()):
        log.info("%-20s %5d", job, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
