#!/usr/bin/env python3
"""Import inspection photos from the adjuster's USB camera / SD card.

Finds the removable partition the camera exposes, mounts it read-only,
copies new JPEGs into the claim's evidence folder with the GPS position and
capture time taken from EXIF, and unmounts the card again so it can be
pulled safely in the truck.
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

log = logging.getLogger("camera_import")

MOUNT_POINT = Path(os.environ.get("CLAIMCAM_MOUNT", "/mnt/claimcam"))
CAMERA_LABELS = ("EOS_DIGITAL", "NIKON", "OLYMPUS", "CLAIMCAM")


@dataclass
class Photo:
    path: Path
    taken: str = ""
    lat: float = None
    lon: float = None


class CardSession:
    """Context manager that mounts the card for the duration of an import."""

    def __init__(self, device, mount_point=MOUNT_POINT, elevate=("sudo", "-n")):
        self.device = device
        self.mount_point = mount_point
        self.elevate = list(elevate)

    def _run(self, *argv):
        cmd = self.elevate + list(argv)
        log.debug("running %s", " ".join(cmd))
        subprocess.run(cmd, check=True, capture_output=True, text=True)

    def __enter__(self):
        self._run("mkdir", "-p", str(self.mount_point))
        self._run("mount", "-o", "ro,nosuid,nodev", self.device, str(self.mount_point))
        return self.mount_point

    def __exit__(self, *exc):
        try:
            self._run("umount", str(self.mount_point))
        except subprocess.CalledProcessError as err:
            log.warning("could not unmount %s: %s", self.mount_point, err.stderr.strip())
        return False


def find_camera_partition():
    by_label = Path("/dev/disk/by-label")
    if by_label.is_dir():
        for entry in by_label.iterdir():
            if entry.name.upper() in CAMERA_LABELS:
                return str(entry.resolve())
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
    ap.add_argument("--device", help="partition to mount, e.g. /dev/sdb1")
    ap.add_argument("--dest", type=Path, default=Path("evidence"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    device = args.device or find_camera_partition()
    if not device:
        log.error("no camera card found; pass --device")
        return 2

    dest = args.dest / args.claim_id
    try:
        with CardSession(device) as root:
            photos = import_photos(root, dest, dest / "manifest.csv")
    except subprocess.CalledProcessError as err:
        log.error("mount failed: %s", (err.stderr or "").strip())
        return 1
    except RuntimeError as err:
        log.error("exif read failed: %s", err)
        return 1
    log.info("imported %d new photos into %s", len(photos), dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
