#!/usr/bin/env python3
"""Import inspection photos from the adjuster's SD card.

Takes the folder where the desktop already auto-mounted the camera card,
copies new JPEGs into the claim's evidence folder with the GPS position and
capture time taken from EXIF, and appends them to the claim manifest.
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("card_import")

MEDIA_ROOT = Path(os.environ.get("CLAIMCAM_MEDIA", f"/media/{os.environ.get('USER', 'adjuster')}"))
CAMERA_LABELS = ("EOS_DIGITAL", "NIKON", "OLYMPUS", "CLAIMCAM")


@dataclass
class Photo:
    path: Path
    taken: str = ""
    lat: float = None
    lon: float = None


class CardSession:
    """Context manager that checks the card is present for an import."""

    def __init__(self, root):
        self.root = Path(root)

    def __enter__(self):
        if not (self.root / "DCIM").is_dir():
            raise FileNotFoundError(f"{self.root} does not look like a camera card")
        return self.root

    def __exit__(self, *exc):
        log.info("done with %s; eject it from the file manager", self.root)
        return False


def find_camera_root():
    if MEDIA_ROOT.is_dir():
        for entry in MEDIA_ROOT.iterdir():
            if entry.name.upper() in CAMERA_LABELS:
                return entry
    return None


def read_exif(paths):
    cmd = ["exiftool", "-json", "-n", "-DateTimeOriginal", "-GPSLatitude", "-GPSLongitude"]
    proc = subprocess.run(cmd + [str(p) for p in paths], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise RuntimeError(proc.stderr.strip())
    rows = json.loads(proc.stdout or "[]")
    return {Path(r["SourceFile"]).name: r for r in rows}


def import_photos(root, dest, manifest):
    dest.mkdir(parents=True, exist_ok=True)
    sources = [p for p in root.rglob("*") if p.suffix.lower() in (".jpg", ".jpeg")]
    meta = read_exif(sources) if sources else {}
    imported = []
    for src in sources:
        target = dest / src.name
        if target.exists():
            continue
        shutil.copy2(src, target)
        info = meta.get(src.name, {})
        imported.append(Photo(target, info.get("DateTimeOriginal", ""),
                              info.get("GPSLatitude"), info.get("GPSLongitude")))
    with open(manifest, "a", newline="") as fh:
        writer = csv.writer(fh)
        for ph in imported:
            writer.writerow([ph.path.name, ph.taken, ph.lat, ph.lon])
    return imported


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("claim_id")
    ap.add_argument("--card", type=Path, help="mounted card folder, e.g. /media/me/EOS_DIGITAL")
    ap.add_argument("--dest", type=Path, default=Path("evidence"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    card = args.card or find_camera_root()
    if not card:
        log.error("no camera card found; pass --card")
        return 2

    dest = args.dest / args.claim_id
    try:
        with CardSession(card) as root:
            photos = import_photos(root, dest, dest / "manifest.csv")
    except FileNotFoundError as err:
        log.error("%s", err)
        return 1
    except RuntimeError as err:
        log.error("exif read failed: %s", err)
        return 1
    log.info("imported %d new photos into %s", len(photos), dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
