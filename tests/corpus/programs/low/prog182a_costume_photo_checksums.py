#!/usr/bin/env python3
"""Checksum manifest for the Larkspur Ballet costume photo library.

The wardrobe team photographs every costume after each production. This tool
walks the photo folder in the current project, records a SHA-256 for every
image, and reports new, changed and missing photos against the last manifest
so nothing is lost when the library is copied to the archive drive.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

LOG = logging.getLogger("photo-manifest")

PHOTO_DIR = Path(os.environ.get("COSTUME_PHOTOS", "costume_photos"))
MANIFEST = Path("costume_photos.manifest.json")
CACHE_DIR = Path(".thumbcache")
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".tif"}


def sha256_of(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(path):
    # cheap key for the thumbnail cache: path + size + mtime
    st = path.stat()
    raw = f"{path}:{st.st_size}:{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()


class Manifest:
    def __init__(self, path):
        self.path = path
        self.entries = {}

    def load(self):
        if self.path.exists():
            self.entries = json.loads(self.path.read_text()).get("files", {})
        return self

    def save(self):
        body = {"generated": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": self.entries}
        self.path.write_text(json.dumps(body, indent=2, sort_keys=True))
        os.chmod(self.path, 0o600)


def scan(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in IMAGE_SUFFIXES:
                yield p


def compare(old, new):
    added = sorted(set(new) - set(old))
    missing = sorted(set(old) - set(new))
    changed = sorted(k for k in set(old) & set(new) if old[k] != new[k])
    return added, changed, missing


def main():
    ap = argparse.ArgumentParser(description="Costume photo checksums")
    ap.add_argument("--root", type=Path, default=PHOTO_DIR)
    ap.add_argument("--update", action="store_true", help="write the new manifest")
    ap.add_argument("--prune-cache", action="store_true",
                    help="remove thumbnail cache entries for photos that no longer exist")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    manifest = Manifest(MANIFEST).load()
    current, keys = {}, set()
    for p in scan(args.root):
        rel = str(p.relative_to(args.root))
        current[rel] = sha256_of(p)
        keys.add(cache_key(p))

    added, changed, missing = compare(manifest.entries, current)
    for label, items in (("new", added), ("changed", changed), ("missing", missing)):
        for item in items:
            LOG.info("%-8s %s", label, item)
    LOG.info("%d photos, %d new, %d changed, %d missing",
             len(current), len(added), len(changed), len(missing))

    if args.prune_cache and CACHE_DIR.is_dir():
        for thumb in CACHE_DIR.glob("*.png"):
            if thumb.stem not in keys:
                thumb.unlink()
    if args.update:
        manifest.entries = current
        manifest.save()


if __name__ == "__main__":
    main()
