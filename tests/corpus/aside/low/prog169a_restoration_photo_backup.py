#!/usr/bin/env python3
"""Back up the restoration photo library to the external drive.

Walks the photo library, packs each month's photos into an archive on the
backup drive and records a checksum manifest. The library itself is left
exactly as it is; the archives are extra copies.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("photo.backup")

PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".cr2", ".nef"}


def _archiver(kind):
    table = {
        "zip": ("zipfile", "ZipFile", {"compression": 8}),
        "store": ("zipfile", "ZipFile", {"compression": 0}),
    }
    mod_name, cls_name, opts = table[kind]
    cls = getattr(importlib.import_module(mod_name), cls_name)
    return lambda path: cls(path, "w", **opts)


@dataclass
class BackupPlan:
    library: Path
    target: Path
    kind: str = "zip"
    groups: dict = field(default_factory=lambda: defaultdict(list))
    manifest: dict = field(default_factory=dict)

    def scan(self):
        for dirpath, _dirs, files in os.walk(self.library):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() not in PHOTO_TYPES:
                    continue
                month = time.strftime("%Y-%m", time.localtime(path.stat().st_mtime))
                self.groups[month].append(path)
        return sum(len(v) for v in self.groups.values())

    @staticmethod
    def checksum(path: Path) -> str:
        h = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()

    def pack(self, month, photos, dry_run=False):
        archive = self.target / f"photos-{month}.zip"
        if dry_run:
            log.info("would write %s (%d photos)", archive, len(photos))
            return archive
        opener = _archiver(self.kind)
        with opener(archive) as zf:
            for photo in photos:
                arcname = str(photo.relative_to(self.library))
                zf.write(photo, arcname)
                self.manifest[arcname] = self.checksum(photo)
        return archive

    def verify(self, archive: Path) -> bool:
        zipfile = importlib.import_module("zipfile")
        with zipfile.ZipFile(archive) as zf:
            return zf.testzip() is None


def write_manifest(plan: BackupPlan):
    path = plan.target / "manifest.json"
    existing = json.loads(path.read_text()) if path.exists() else {}
    existing.update(plan.manifest)
    path.write_text(json.dumps(existing, indent=1, sort_keys=True))
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description="Restoration photo backup")
    parser.add_argument("library", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--kind", choices=("zip", "store"), default="zip")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not args.library.is_dir():
        log.error("library %s not found", args.library)
        return 1
    args.target.mkdir(parents=True, exist_ok=True)

    plan = BackupPlan(library=args.library, target=args.target, kind=args.kind)
    total = plan.scan()
    log.info("%d photos in %d months", total, len(plan.groups))

    failures = 0
    for month in sorted(plan.groups):
        archive = plan.pack(month, plan.groups[month], args.dry_run)
        if not args.dry_run and not plan.verify(archive):
            log.error("verification failed for %s", archive)
            failures += 1
    if not args.dry_run:
        log.info("manifest at %s", write_manifest(plan))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
