#!/usr/bin/env python3
"""Rename photos in ./photos (or a given folder) by their EXIF capture date.

IMG_1234.JPG -> 2023-07-14_18-22-05.jpg
Files without EXIF data fall back to the file modification time.
Run with --dry-run first to preview the changes.
"""
import argparse
import sys
from datetime import datetime
from pathlib import Path

from PIL import Image, UnidentifiedImageError

PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".heic", ".tif", ".tiff"}
EXIF_DATETIME_ORIGINAL = 36867
EXIF_DATETIME = 306
EXIF_IFD = 0x8769


def capture_time(path: Path) -> datetime:
    try:
        with Image.open(path) as img:
            exif = img.getexif()
            raw = exif.get_ifd(EXIF_IFD).get(EXIF_DATETIME_ORIGINAL) or exif.get(EXIF_DATETIME)
        if raw:
            return datetime.strptime(str(raw).strip("\x00 "), "%Y:%m:%d %H:%M:%S")
    except (UnidentifiedImageError, OSError, ValueError):
        pass
    return datetime.fromtimestamp(path.stat().st_mtime)


def target_name(folder: Path, when: datetime, suffix: str, taken: set) -> Path:
    base = when.strftime("%Y-%m-%d_%H-%M-%S")
    candidate = folder / f"{base}{suffix}"
    n = 1
    while candidate in taken or (candidate.exists() and candidate not in taken):
        candidate = folder / f"{base}_{n}{suffix}"
        n += 1
    return candidate


def plan_renames(folder: Path):
    photos = sorted(p for p in folder.iterdir()
                    if p.is_file() and p.suffix.lower() in PHOTO_EXTS)
    taken = set()
    plan = []
    for photo in photos:
        when = capture_time(photo)
        suffix = photo.suffix.lower().replace(".jpeg", ".jpg")
        if photo.stem.startswith(when.strftime("%Y-%m-%d_%H-%M-%S")):
            continue
        new = target_name(folder, when, suffix, taken)
        taken.add(new)
        plan.append((photo, new))
    return plan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="photos", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    if not args.folder.is_dir():
        print(f"folder not found: {args.folder}", file=sys.stderr)
        return 1

    plan = plan_renames(args.folder)
    if not plan:
        print("Nothing to rename.")
        return 0

    log_lines = []
    for old, new in plan:
        print(f"{old.name:40} -> {new.name}")
        if not args.dry_run:
            old.rename(new)
            log_lines.append(f"{old.name}\t{new.name}")

    if args.dry_run:
        print(f"\n{len(plan)} files would be renamed (dry run).")
    else:
        log = args.folder / "rename_log.tsv"
        with log.open("a", encoding="utf-8") as fh:
            fh.write("\n".join(log_lines) + "\n")
        print(f"\nRenamed {len(plan)} files; undo information in {log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
