#!/usr/bin/env python3
"""Builds an index of intake photos and flags duplicates.

Staff sometimes photograph the same item under two tickets; this walks
./intake_photos, hashes every image and writes photo_index.json.
"""
import argparse
import hashlib
import json
import logging
import os
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("photo-index")

PHOTO_DIR = Path(os.environ.get("PHOTO_DIR", "intake_photos"))
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic"}


def sha256_of(path, bufsize=1 << 16):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(bufsize):
            h.update(chunk)
    return h.hexdigest()


def walk_photos(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in IMAGE_EXT:
                yield p


def build_index(root):
    index = {}
    by_hash = defaultdict(list)
    for photo in walk_photos(root):
        digest = sha256_of(photo)
        ticket = photo.parent.name
        index[str(photo.relative_to(root))] = {
            "ticket": ticket,
            "sha256": digest,
            "bytes": photo.stat().st_size,
        }
        by_hash[digest].append(ticket)
    dupes = {h: sorted(set(t)) for h, t in by_hash.items() if len(set(t)) > 1}
    return index, dupes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=PHOTO_DIR)
    ap.add_argument("--out", type=Path, default=Path("photo_index.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.root.is_dir():
        LOG.error("no photo directory at %s", args.root)
        return
    index, dupes = build_index(args.root)
    args.out.write_text(json.dumps({"photos": index, "duplicates": dupes}, indent=2))
    LOG.info("indexed %d photos, %d duplicate group(s)", len(index), len(dupes))
    for digest, tickets in dupes.items():
        LOG.warning("same image under tickets %s (%s...)", ", ".join(tickets), digest[:12])


if __name__ == "__main__":
    main()
