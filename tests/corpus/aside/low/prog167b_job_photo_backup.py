#!/usr/bin/env python3
"""Back up job-site photos (casing, grout, pump install) to the office drive.

Copies every photo from the crew upload folder into a dated backup tree,
records a SHA-256 manifest, and leaves the originals where they are.
"""
import argparse
import hashlib
import json
import logging
import shutil
from datetime import date
from pathlib import Path

log = logging.getLogger("photo-backup")

PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".heic", ".mp4"}
MANIFEST_NAME = "manifest.json"


def sha256_of(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(dest):
    path = dest / MANIFEST_NAME
    if path.exists():
        return json.loads(path.read_text())
    return {}


def save_manifest(dest, manifest):
    path = dest / MANIFEST_NAME
    tmp = path.with_suffix(".json.part")
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    tmp.replace(path)


def photos_under(source):
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in PHOTO_TYPES:
            yield path


class PhotoBackup:
    def __init__(self, source, dest_root, verify=True):
        self.source = source
        self.dest = dest_root / date.today().isoformat()
        self.verify = verify
        self.copied = 0
        self.skipped = 0

    def run(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        manifest = load_manifest(self.dest)
        for photo in photos_under(self.source):
            rel = photo.relative_to(self.source)
            digest = sha256_of(photo)
            if manifest.get(str(rel)) == digest:
                self.skipped += 1
                continue
            target = self.dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(photo, target)
            if self.verify and sha256_of(target) != digest:
                log.error("checksum mismatch for %s, keeping original only", rel)
                target.unlink()
                continue
            manifest[str(rel)] = digest
            self.copied += 1
        save_manifest(self.dest, manifest)
        return self.copied, self.skipped


def main():
    parser = argparse.ArgumentParser(description="Back up job-site photos")
    parser.add_argument("--source", type=Path, default=Path("crew_uploads"))
    parser.add_argument("--dest", type=Path, default=Path("photo_backups"))
    parser.add_argument("--no-verify", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.source.is_dir():
        log.error("source folder %s not found", args.source)
        return 1
    backup = PhotoBackup(args.source, args.dest, verify=not args.no_verify)
    copied, skipped = backup.run()
    log.info("copied %d photos, %d already backed up, originals untouched", copied, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
