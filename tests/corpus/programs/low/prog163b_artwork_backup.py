#!/usr/bin/env python3
"""Copies new or changed artwork files into a dated backup folder.

Originals are never touched; a small manifest of content hashes lets the
next run skip files that have not changed.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
from datetime import datetime
from pathlib import Path

log = logging.getLogger("artwork.backup")

SOURCE = Path(os.environ.get("ARTWORK_DIR", "artwork"))
DEST = Path(os.environ.get("ARTWORK_BACKUP_DIR", "backups"))
MANIFEST_NAME = "manifest.json"
SKIP_SUFFIXES = {".tmp", ".lock", ".bak"}


def file_key(path, chunk=1 << 20):
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(dest):
    path = dest / MANIFEST_NAME
    if path.exists():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    return {}


def save_manifest(dest, manifest):
    path = dest / MANIFEST_NAME
    tmp = path.with_suffix(".json.part")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=2, sort_keys=True)
    os.replace(tmp, path)
    os.chmod(path, 0o600)


def candidates(source):
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() not in SKIP_SUFFIXES:
            yield path


class BackupRun:
    def __init__(self, source, dest, dry_run=False):
        self.source = source
        self.dest = dest
        self.dry_run = dry_run
        self.stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.copied = 0
        self.skipped = 0

    def target_for(self, path):
        return self.dest / self.stamp / path.relative_to(self.source)

    def run(self):
        manifest = load_manifest(self.dest)
        for path in candidates(self.source):
            rel = str(path.relative_to(self.source))
            key = file_key(path)
            if manifest.get(rel) == key:
                self.skipped += 1
                continue
            target = self.target_for(path)
            log.info("backing up %s", rel)
            if not self.dry_run:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
                manifest[rel] = key
            self.copied += 1
        if not self.dry_run:
            self.dest.mkdir(parents=True, exist_ok=True)
            save_manifest(self.dest, manifest)
        return self.copied, self.skipped


def main():
    parser = argparse.ArgumentParser(description="Back up changed artwork files")
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        parser.error(f"source folder not found: {args.source}")
    copied, skipped = BackupRun(args.source, args.dest, args.dry_run).run()
    print(f"{copied} copied, {skipped} unchanged")


if __name__ == "__main__":
    main()
