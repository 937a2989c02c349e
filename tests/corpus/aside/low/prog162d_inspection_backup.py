#!/usr/bin/env python3
"""Archive a day's blade inspection photos before the laptop goes back out.

Creates a compressed, checksummed archive of the inspection folder next to
the working copy. The original photos are left where they are; only older
archives made by this tool are pruned.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import tarfile
from pathlib import Path

LOG = logging.getLogger("inspection_backup")

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".dng", ".json"}
ARCHIVE_PREFIX = "inspection-"


def list_photos(src):
    return sorted(p for p in src.rglob("*") if p.is_file() and p.suffix.lower() in PHOTO_SUFFIXES)


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def build_archive(src, dest_dir, photos):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / "{}{}.tar.gz".format(ARCHIVE_PREFIX, stamp)
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for photo in photos:
            rel = photo.relative_to(src)
            manifest[str(rel)] = file_digest(photo)
            tar.add(photo, arcname=str(rel))
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    return archive, manifest_path


def verify_archive(archive, expected_count):
    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
    ok = len(members) == expected_count
    LOG.info("archive holds %d files (expected %d): %s",
             len(members), expected_count, "ok" if ok else "MISMATCH")
    return ok


def prune_old(dest_dir, keep):
    archives = sorted(dest_dir.glob(ARCHIVE_PREFIX + "*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        manifest = old.with_suffix("").with_suffix(".manifest.json")
        LOG.info("removing old archive %s", old.name)
        old.unlink()
        if manifest.exists():
            manifest.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path, help="inspection folder")
    parser.add_argument("--dest", type=Path, default=Path("backups"))
    parser.add_argument("--keep", type=int, default=10)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        LOG.error("%s is not a folder", args.source)
        return 1
    photos = list_photos(args.source)
    if not photos:
        LOG.warning("nothing to archive in %s", args.source)
        return 0

    args.dest.mkdir(parents=True, exist_ok=True)
    archive, manifest = build_archive(args.source, args.dest, photos)
    LOG.info("wrote %s and %s", archive, manifest.name)
    if not verify_archive(archive, len(photos)):
        return 2
    prune_old(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
