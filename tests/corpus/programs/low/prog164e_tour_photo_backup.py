#!/usr/bin/env python3
"""Back up the marketing team's tour photos into dated zip archives.

Walks the photo folders, skips files already backed up (tracked by a content
hash), and writes a new archive next to the previous ones. The original
photos are left where they are.
"""

import argparse
import hashlib
import json
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("photo_backup")

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".raw", ".cr2"}
INDEX_NAME = "backup_index.json"


def content_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_index(dest):
    index_path = dest / INDEX_NAME
    if index_path.exists():
        return json.loads(index_path.read_text(encoding="utf-8"))
    return {}


def save_index(dest, index):
    index_path = dest / INDEX_NAME
    index_path.write_text(json.dumps(index, indent=2, sort_keys=True), encoding="utf-8")
    os.chmod(index_path, 0o600)


def find_photos(source):
    for dirpath, _dirnames, filenames in os.walk(source):
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in PHOTO_SUFFIXES:
                yield path


def backup(source, dest, dry_run=False):
    dest.mkdir(parents=True, exist_ok=True)
    index = load_index(dest)
    pending = []
    for photo in find_photos(source):
        key = content_key(photo)
        if key in index:
            continue
        pending.append((photo, key))
    if not pending:
        LOG.info("nothing new under %s", source)
        return 0
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"photos-{stamp}.zip"
    if dry_run:
        LOG.info("would archive %d photos into %s", len(pending), archive)
        return len(pending)
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_STORED) as zf:
        for photo, key in pending:
            arcname = str(photo.relative_to(source))
            zf.write(photo, arcname)
            index[key] = {"file": arcname, "archive": archive.name}
    save_index(dest, index)
    LOG.info("archived %d photos into %s", len(pending), archive)
    return len(pending)


def parse_args():
    parser = argparse.ArgumentParser(description="Tour photo backup")
    parser.add_argument("source", type=Path)
    parser.add_argument("--dest", type=Path, default=Path("backups"))
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not args.source.is_dir():
        LOG.error("%s is not a folder", args.source)
        return 1
    backup(args.source, args.dest, dry_run=args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
