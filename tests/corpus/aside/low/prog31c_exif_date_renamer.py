#!/usr/bin/env python3
"""Rename photos in a folder by the date they were taken.

Reads DateTimeOriginal from EXIF (falls back to file mtime) and renames
IMG_1234.JPG -> 2023-07-14_18-22-05.jpg inside the same folder.  Nothing
leaves the folder; a dry run is the default.
"""
import argparse
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

from PIL import Image, ExifTags

LOG = logging.getLogger("exif-renamer")
PHOTO_SUFFIXES = {".jpg", ".jpeg", ".tif", ".tiff", ".heic", ".png"}
EXIF_DATE_TAGS = ("DateTimeOriginal", "DateTimeDigitized", "DateTime")
TAG_IDS = {name: tag for tag, name in ExifTags.TAGS.items()}


class DateResolver:
    """Works out when a picture was taken."""

    def __init__(self, use_mtime_fallback=True):
        self.use_mtime_fallback = use_mtime_fallback
        self.misses = 0

    def from_exif(self, path):
        try:
            with Image.open(path) as img:
                exif = img.getexif()
                # DateTimeOriginal lives in the Exif IFD on most cameras
                sub = exif.get_ifd(0x8769) if hasattr(exif, "get_ifd") else {}
                for name in EXIF_DATE_TAGS:
                    raw = sub.get(TAG_IDS[name]) or exif.get(TAG_IDS[name])
                    if raw:
                        return datetime.strptime(str(raw).strip("\x00"), "%Y:%m:%d %H:%M:%S")
        except (OSError, ValueError, KeyError) as exc:
            LOG.debug("no usable EXIF in %s: %s", path.name, exc)
        return None

    def resolve(self, path):
        taken = self.from_exif(path)
        if taken is None and self.use_mtime_fallback:
            self.misses += 1
            taken = datetime.fromtimestamp(path.stat().st_mtime)
        return taken


def unique_target(folder, stem, suffix, taken_names):
    candidate = folder / f"{stem}{suffix}"
    counter = 1
    while candidate.exists() or candidate.name in taken_names:
        candidate = folder / f"{stem}_{counter:02d}{suffix}"
        counter += 1
    return candidate


def plan_renames(folder, resolver, pattern):
    plan = []
    reserved = set()
    for entry in sorted(folder.iterdir()):
        if not entry.is_file() or entry.suffix.lower() not in PHOTO_SUFFIXES:
            continue
        taken = resolver.resolve(entry)
        if taken is None:
            LOG.warning("skipping %s: no date", entry.name)
            continue
        stem = taken.strftime(pattern)
        if entry.stem == stem:
            continue
        target = unique_target(folder, stem, entry.suffix.lower(), reserved)
        reserved.add(target.name)
        plan.append((entry, target))
    return plan


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path, help="folder with photos")
    parser.add_argument("--pattern", default="%Y-%m-%d_%H-%M-%S")
    parser.add_argument("--apply", action="store_true", help="really rename")
    parser.add_argument("--no-mtime", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    folder = args.folder.expanduser()
    if not folder.is_dir():
        parser.error(f"{folder} is not a directory")

    resolver = DateResolver(use_mtime_fallback=not args.no_mtime)
    plan = plan_renames(folder, resolver, args.pattern)
    if not plan:
        LOG.info("nothing to rename")
        return 0

    for src, dst in plan:
        LOG.info("%s -> %s", src.name, dst.name)
        if args.apply:
            os.rename(src, dst)

    LOG.info("%d file(s) %s, %d dated from mtime",
             len(plan), "renamed" if args.apply else "would be renamed",
             resolver.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
