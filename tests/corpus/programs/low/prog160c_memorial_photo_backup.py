#!/usr/bin/env python3
"""Copy the memorial photo folders to the backup drive.

Walks the photo library, copies any new or changed image into a dated
backup folder and writes a checksum manifest. The library is left exactly
as it was; nothing is moved or deleted.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
from datetime import date
from pathlib import Path

LOG = logging.getLogger("photo-backup")

IMAGE_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".heic"}


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_previous(manifest_path):
    if manifest_path.exists():
        return json.loads(manifest_path.read_text(encoding="utf-8"))
    return {}


def photos_under(root):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in IMAGE_TYPES:
            yield path


class PhotoBackup:
    def __init__(self, source, dest_root, dry_run=False):
        self.source = source
        self.dest = dest_root / date.today().isoformat()
        self.manifest_path = dest_root / "manifest.json"
        self.dry_run = dry_run
        self.previous = load_previous(self.manifest_path)
        self.current = {}
        self.copied = 0
        self.skipped = 0

    def run(self):
        for photo in photos_under(self.source):
            rel = str(photo.relative_to(self.source))
            checksum = sha256_of(photo)
            self.current[rel] = checksum
            if self.previous.get(rel) == checksum:
                self.skipped += 1
                continue
            self.copy(photo, rel)
        if not self.dry_run:
            self.manifest_path.write_text(json.dumps(self.current, indent=1), encoding="utf-8")

    def copy(self, photo, rel):
        target = self.dest / rel
        LOG.debug("copy %s -> %s", photo, target)
        if self.dry_run:
            self.copied += 1
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(photo, target)
        if sha256_of(target) != self.current[rel]:
            LOG.error("checksum mismatch after copying %s", rel)
            return
        self.copied += 1


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="memorial photo library")
    parser.add_argument("dest", type=Path, help="backup drive folder")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not args.source.is_dir():
        LOG.error("source %s is not a folder", args.source)
        return 2
    if not args.dest.is_dir():
        LOG.error("backup drive %s is not mounted", args.dest)
        return 2
    job = PhotoBackup(args.source, args.dest, args.dry_run)
    job.run()
    LOG.info("copied %d, unchanged %d", job.copied, job.skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
