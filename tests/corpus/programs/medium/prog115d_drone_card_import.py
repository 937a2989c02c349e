#!/usr/bin/env python3
"""Import drone SD-card imagery into job folders.

Pilots come back from roof surveys with one card holding several jobs.
We read GPS and capture time from every frame with exiftool, match each
frame to the nearest job site from jobs.json (lat/lon + radius) and copy it
into survey/<job>/<date>/ ready for the uploader.  Frames that match no
site go to survey/_unsorted/.

    ./drone_card_import.py /media/$USER/DJI_CARD --jobs jobs.json
"""
import argparse
import json
import logging
import math
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("card_import")
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
    ap.add_argument("card", type=Path, help="mounted card, e.g. /media/$USER/DJI_CARD")
    ap.add_argument("--jobs", type=Path, default=Path("jobs.json"))
    ap.add_argument("--dest", type=Path, default=Path("survey"))
    ap.add_argument("--move", action="store_true", help="move instead of copy")
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
    if not args.card.is_dir():
        log.error("%s is not mounted - plug the card in and open it in the file manager first",
                  args.card)
        return 2

    try:
        tally = import_card(args.card, jobs, args.dest, args.move)
    except (FileNotFoundError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    for job, n in sorted(tally.items()):
        log.info("%-20s %5d", job, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
