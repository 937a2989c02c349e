#!/usr/bin/env python3
"""Tidy the job photo folder into a dated archive and drop duplicates.

Walks the photo inbox, files each picture under archive/YYYY/MM/, and
keeps a small index (keyed by an MD5 of the contents) so the same photo
uploaded twice from two phones is only kept once.
"""
import argparse
import hashlib
import json
import logging
import shutil
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photo_archive")

PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".heic"}
INDEX_NAME = ".photo_index.json"


def file_key(path, chunk=1 << 20):
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def load_index(archive):
    index_file = archive / INDEX_NAME
    if index_file.exists():
        return json.loads(index_file.read_text())
    return {}


def save_index(archive, index):
    index_file = archive / INDEX_NAME
    index_file.write_text(json.dumps(index, indent=1, sort_keys=True))
    index_file.chmod(0o600)


def target_for(archive, path):
    taken = datetime.fromtimestamp(path.stat().st_mtime)
    folder = archive / f"{taken:%Y}" / f"{taken:%m}"
    folder.mkdir(parents=True, exist_ok=True)
    candidate = folder / path.name
    n = 1
    while candidate.exists():
        candidate = folder / f"{path.stem}_{n}{path.suffix}"
        n += 1
    return candidate


def main():
    parser = argparse.ArgumentParser(description="Archive and de-duplicate job photos")
    parser.add_argument("--inbox", type=Path, default=Path("inbox"))
    parser.add_argument("--archive", type=Path, default=Path("archive"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.inbox.is_dir():
        log.error("inbox %s not found", args.inbox)
        return
    args.archive.mkdir(exist_ok=True)
    index = load_index(args.archive)

    moved = dupes = 0
    for path in sorted(args.inbox.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in PHOTO_EXTS:
            continue
        key = file_key(path)
        if key in index:
            log.info("duplicate: %s (already %s)", path.name, index[key])
            dupes += 1
            if not args.dry_run:
                path.unlink()
            continue
        dest = target_for(args.archive, path)
        if args.dry_run:
            log.info("would move %s -> %s", path, dest)
            continue
        shutil.move(str(path), dest)
        index[key] = str(dest.relative_to(args.archive))
        moved += 1

    if not args.dry_run:
        save_index(args.archive, index)
    log.info("archived %d photos, removed %d duplicates", moved, dupes)


if __name__ == "__main__":
    main()
