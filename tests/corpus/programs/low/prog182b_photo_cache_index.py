#!/usr/bin/env python3
"""Index rind photos taken during weekly cave inspections.

Walks the inspection photo folder in the working directory, keys each photo
by content hash so re-uploads are spotted, embeds a small preview as base64
in a JSON index for the inspection web page, and clears stale cache entries.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("photo_index")

PHOTO_DIR = Path(os.environ.get("INSPECTION_PHOTOS", "inspections"))
CACHE_DIR = Path(".photo_cache")
INDEX_FILE = Path("inspection_index.json")
KINDS = {".jpg", ".jpeg", ".png"}
PREVIEW_BYTES = 4096


def cache_key(path):
    # Content hash used only as a cache key for duplicate detection.
    digest = hashlib.md5()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def preview(path):
    with open(path, "rb") as handle:
        return base64.b64encode(handle.read(PREVIEW_BYTES)).decode("ascii")


class PhotoIndex:
    def __init__(self, root, cache):
        self.root = root
        self.cache = cache
        self.entries = {}
        self.dupes = []

    def photos(self):
        for dirpath, _dirs, files in os.walk(self.root):
            for name in sorted(files):
                p = Path(dirpath) / name
                if p.suffix.lower() in KINDS:
                    yield p

    def build(self):
        for photo in self.photos():
            key = cache_key(photo)
            if key in self.entries:
                self.dupes.append((str(photo), self.entries[key]["path"]))
                continue
            cached = self.cache / f"{key}.b64"
            if cached.exists():
                data = cached.read_text()
            else:
                data = preview(photo)
                cached.write_text(data)
            room = photo.parent.name
            self.entries[key] = {
                "path": str(photo),
                "room": room,
                "taken": datetime.fromtimestamp(photo.stat().st_mtime).isoformat(timespec="minutes"),
                "preview": data,
            }
        return self.entries

    def prune(self):
        live = {f"{k}.b64" for k in self.entries}
        removed = 0
        for item in self.cache.iterdir():
            if item.name not in live:
                item.unlink()
                removed += 1
        return removed


def main():
    parser = argparse.ArgumentParser(description="Index inspection photos")
    parser.add_argument("--root", type=Path, default=PHOTO_DIR)
    parser.add_argument("--reset-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if args.reset_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
    CACHE_DIR.mkdir(exist_ok=True)

    index = PhotoIndex(args.root, CACHE_DIR)
    entries = index.build()
    removed = index.prune()
    INDEX_FILE.write_text(json.dumps(list(entries.values()), indent=1))
    os.chmod(INDEX_FILE, 0o600)
    for dup, original in index.dupes:
        LOG.warning("duplicate photo %s (same as %s)", dup, original)
    LOG.info("indexed %d photos, pruned %d cache entries", len(entries), removed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
