#!/usr/bin/env python3
"""Builds an index of restoration photographs for the movement catalogue.

Walks the photo folder, records size, date and a content hash for each
image, and writes a JSON index plus thumbnails cache keyed by hash so
unchanged photos are not re-processed on the next run.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("photo-index")

IMAGE_EXTENSIONS = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}
CACHE_DIR = Path(".photo-index-cache")


def cache_key(path):
    stat = path.stat()
    raw = "%s|%d|%d" % (path.resolve(), stat.st_size, int(stat.st_mtime))
    return hashlib.md5(raw.encode("utf-8")).hexdigest()


def content_hash(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while True:
            block = handle.read(chunk)
            if not block:
                break
            digest.update(block)
    return digest.hexdigest()


def parse_catalogue_number(name):
    # file names look like HT-1987-042_dial_front.jpg
    stem = name.split("_", 1)[0]
    return stem if stem.startswith("HT-") else None


class PhotoIndexer:
    def __init__(self, root, cache_dir=CACHE_DIR):
        self.root = Path(root)
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(exist_ok=True)

    def cached(self, key):
        entry = self.cache_dir / ("%s.json" % key)
        if entry.exists():
            return json.loads(entry.read_text(encoding="utf-8"))
        return None

    def remember(self, key, record):
        entry = self.cache_dir / ("%s.json" % key)
        entry.write_text(json.dumps(record), encoding="utf-8")

    def describe(self, path):
        key = cache_key(path)
        record = self.cached(key)
        if record is not None:
            return record, True
        stat = path.stat()
        record = {
            "path": str(path.relative_to(self.root)),
            "catalogue_no": parse_catalogue_number(path.name),
            "bytes": stat.st_size,
            "modified": datetime.fromtimestamp(stat.st_mtime).isoformat(timespec="seconds"),
            "sha256": content_hash(path),
        }
        self.remember(key, record)
        return record, False

    def build(self):
        records, hits = [], 0
        for dirpath, _dirs, files in os.walk(self.root):
            for name in sorted(files):
                path = Path(dirpath) / name
                if path.suffix.lower() not in IMAGE_EXTENSIONS:
                    continue
                record, hit = self.describe(path)
                hits += hit
                records.append(record)
        LOG.info("indexed %d photos (%d from cache)", len(records), hits)
        return records

    def clear_cache(self):
        removed = 0
        for entry in self.cache_dir.glob("*.json"):
            entry.unlink()
            removed += 1
        LOG.info("removed %d cache entries", removed)


def main():
    parser = argparse.ArgumentParser(description="Index restoration photographs")
    parser.add_argument("root", type=Path)
    parser.add_argument("--out", type=Path, default=Path("photo_index.json"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 1
    indexer = PhotoIndexer(args.root)
    if args.clear_cache:
        indexer.clear_cache()
    records = indexer.build()
    args.out.write_text(json.dumps(records, indent=2), encoding="utf-8")
    os.chmod(args.out, 0o600)
    LOG.info("index written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
