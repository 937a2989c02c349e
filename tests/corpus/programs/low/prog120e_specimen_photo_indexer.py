#!/usr/bin/env python3
"""Index specimen photographs from the camera import folder into the studio
catalogue.

Files are expected to start with an accession number (ACC-2024-0113_left.jpg).
Each photo is copied into catalogue/<accession>/, a JSON sidecar with the
camera EXIF is written next to it, a thumbnail is cached under
catalogue/.thumbs/ and the catalogue index is updated.
"""
import argparse
import base64
import hashlib
import json
import logging
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path

try:
    from PIL import Image, ExifTags
except ImportError:  # Pillow is optional; sidecars just lose EXIF
    Image = None

log = logging.getLogger("photo-index")

ACCESSION_RE = re.compile(r"^(ACC-\d{4}-\d{4})[_-]", re.IGNORECASE)
PHOTO_EXT = {".jpg", ".jpeg", ".tif", ".tiff", ".png", ".cr2", ".nef"}
ORIENTATION_DEGREES = {3: 180, 6: 270, 8: 90}
THUMB_SIZE = (320, 320)

# 1x1 grey PNG used when a RAW file cannot be thumbnailed.
_PLACEHOLDER_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def orientation_fix(meta):
    try:
        return ORIENTATION_DEGREES.get(int(meta.get("Orientation", 1) or 1), 0)
    except ValueError:
        return 0


def read_exif(path):
    if Image is None:
        return {}
    try:
        with Image.open(path) as img:
            raw = img.getexif() or {}
            return {ExifTags.TAGS.get(k, str(k)): str(v) for k, v in raw.items()}
    except Exception as exc:  # corrupt or RAW files
        log.debug("no EXIF for %s: %s", path.name, exc)
        return {}


def thumb_key(path):
    stat = path.stat()
    return hashlib.md5(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()


def make_thumbnail(photo, thumbs):
    thumbs.mkdir(parents=True, exist_ok=True)
    target = thumbs / f"{thumb_key(photo)}.png"
    if target.exists():
        return target
    if Image is not None:
        try:
            with Image.open(photo) as img:
                img.thumbnail(THUMB_SIZE)
                img.save(target, "PNG")
                return target
        except Exception as exc:
            log.debug("thumbnail failed for %s: %s", photo.name, exc)
    target.write_bytes(base64.b64decode(_PLACEHOLDER_PNG))
    return target


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_index(catalogue):
    idx = catalogue / "index.json"
    if idx.exists():
        return json.loads(idx.read_text())
    return {"photos": {}}


def save_index(catalogue, index):
    tmp = catalogue / "index.json.part"
    tmp.write_text(json.dumps(index, indent=2, sort_keys=True))
    tmp.replace(catalogue / "index.json")


def sync(src, catalogue, dry_run=False):
    index = load_index(catalogue)
    thumbs = catalogue / ".thumbs"
    copied = skipped = unmatched = 0
    for photo in sorted(src.rglob("*")):
        if photo.suffix.lower() not in PHOTO_EXT or not photo.is_file():
            continue
        m = ACCESSION_RE.match(photo.name)
        if not m:
            unmatched += 1
            log.warning("no accession number in %s", photo.name)
            continue
        accession = m.group(1).upper()
        digest = file_digest(photo)
        if digest in index["photos"]:
            skipped += 1
            continue
        dest_dir = catalogue / accession
        dest = dest_dir / photo.name
        exif = read_exif(photo)
        entry = {
            "accession": accession,
            "file": str(dest.relative_to(catalogue)),
            "taken": exif.get("DateTimeOriginal") or exif.get("DateTime"),
            "camera": exif.get("Model"),
            "rotate": orientation_fix(exif),
            "imported": datetime.now().isoformat(timespec="seconds"),
        }
        if dry_run:
            log.info("would copy %s -> %s", photo, dest)
            continue
        dest_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(photo, dest)
        entry["thumb"] = str(make_thumbnail(dest, thumbs).relative_to(catalogue))
        dest.with_suffix(dest.suffix + ".json").write_text(json.dumps({**entry, "exif": exif}, indent=2))
        index["photos"][digest] = entry
        copied += 1
    if not dry_run:
        save_index(catalogue, index)
    return copied, skipped, unmatched


def main(argv=None):
    ap = argparse.ArgumentParser(description="Index specimen photos into the catalogue")
    ap.add_argument("source", type=Path, help="camera import folder")
    ap.add_argument("--catalogue", type=Path, default=Path("catalogue"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not args.source.is_dir():
        log.error("source %s is not a directory", args.source)
        return 1
    args.catalogue.mkdir(parents=True, exist_ok=True)
    copied, skipped, unmatched = sync(args.source, args.catalogue, args.dry_run)
    log.info("copied=%d already-catalogued=%d unmatched=%d", copied, skipped, unmatched)
    return 0


if __name__ == "__main__":
    sys.exit(main())
