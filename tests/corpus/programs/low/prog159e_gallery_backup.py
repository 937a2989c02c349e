#!/usr/bin/env python3
"""Backs up the studio gallery (healed-piece photos) into dated zip archives.

Originals are left where they are; each archive gets a checksum manifest so
a restore can be verified. Old archives beyond the retention count are
pruned from the backup folder.
"""
import argparse
import hashlib
import json
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("gallery-backup")

PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".heic", ".webp"}


def sha256_of(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    for p in sorted(Path(source).rglob("*")):
        if p.is_file() and p.suffix.lower() in PHOTO_TYPES:
            yield p


class GalleryBackup:
    def __init__(self, source, dest, keep):
        self.source = Path(source)
        self.dest = Path(dest)
        self.keep = keep

    def archive_name(self):
        return "gallery-{}.zip".format(datetime.now().strftime("%Y%m%d-%H%M%S"))

    def create(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        target = self.dest / self.archive_name()
        manifest = {}
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as zf:
            for photo in collect(self.source):
                arcname = str(photo.relative_to(self.source))
                zf.write(photo, arcname)
                manifest[arcname] = sha256_of(photo)
            zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
        os.chmod(target, 0o600)
        log.info("archived %d photos into %s", len(manifest), target)
        return target, manifest

    def verify(self, target, manifest):
        bad = []
        with zipfile.ZipFile(target) as zf:
            for name, expected in manifest.items():
                digest = hashlib.sha256(zf.read(name)).hexdigest()
                if digest != expected:
                    bad.append(name)
        if bad:
            log.error("%d entries failed verification", len(bad))
        else:
            log.info("archive verified")
        return not bad

    def prune(self):
        archives = sorted(self.dest.glob("gallery-*.zip"))
        surplus = archives[:-self.keep] if self.keep > 0 else []
        for old in surplus:
            old.unlink()
            log.info("pruned old archive %s", old.name)
        return len(surplus)


def main():
    parser = argparse.ArgumentParser(description="Back up the gallery photos")
    parser.add_argument("--source", default=os.environ.get("GALLERY_DIR", "gallery"))
    parser.add_argument("--dest", default="backups")
    parser.add_argument("--keep", type=int, default=8)
    parser.add_argument("--no-verify", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not Path(args.source).is_dir():
        log.error("gallery folder %s not found", args.source)
        return 1

    job = GalleryBackup(args.source, args.dest, args.keep)
    target, manifest = job.create()
    if not args.no_verify and not job.verify(target, manifest):
        return 2
    job.prune()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
