#!/usr/bin/env python3
"""Builds an index of the ride photo archive in the current project.

Walks the photos folder, records size and date for each picture and
uses an MD5 of path+mtime as the thumbnail cache key.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
from pathlib import Path

LOG = logging.getLogger("photo-index")

PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic"}


def cache_key(path, mtime):
    return hashlib.md5("{}:{}".format(path, mtime).encode()).hexdigest()


class PhotoIndex:
    def __init__(self, root, thumbs):
        self.root = root
        self.thumbs = thumbs
        self.entries = []

    def scan(self):
        for path in sorted(self.root.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in PHOTO_EXT:
                continue
            st = path.stat()
            rel = path.relative_to(self.root).as_posix()
            key = cache_key(rel, int(st.st_mtime))
            self.entries.append({
                "path": rel,
                "bytes": st.st_size,
                "taken": dt.datetime.fromtimestamp(st.st_mtime).isoformat(timespec="seconds"),
                "day": rel.split("/", 1)[0],
                "thumb": "{}/{}.jpg".format(self.thumbs.name, key),
                "has_thumb": (self.thumbs / (key + ".jpg")).exists(),
            })
        LOG.info("indexed %d photos under %s", len(self.entries), self.root)

    def prune_stale_thumbs(self):
        wanted = {Path(e["thumb"]).name for e in self.entries}
        removed = 0
        for thumb in self.thumbs.glob("*.jpg"):
            if thumb.name not in wanted:
                thumb.unlink()
                removed += 1
        LOG.info("removed %d stale thumbnails", removed)

    def summary(self):
        per_day = {}
        for e in self.entries:
            per_day.setdefault(e["day"], 0)
            per_day[e["day"]] += 1
        return per_day

    def write(self, out):
        out.write_text(json.dumps({"photos": self.entries, "per_day": self.summary()}, indent=2))
        LOG.info("wrote %s", out)


def main():
    parser = argparse.ArgumentParser(description="Index ride photos")
    parser.add_argument("--root", type=Path, default=Path("photos"))
    parser.add_argument("--thumbs", type=Path, default=Path(".thumbcache"))
    parser.add_argument("--out", type=Path, default=Path("photo_index.json"))
    parser.add_argument("--prune", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.root.is_dir():
        parser.error("no photos folder at {}".format(args.root))
    args.thumbs.mkdir(exist_ok=True)

    idx = PhotoIndex(args.root, args.thumbs)
    idx.scan()
    if args.prune:
        idx.prune_stale_thumbs()
    idx.write(args.out)
    for day, n in sorted(idx.summary().items()):
        print("{}  {:>4} photos".format(day, n))


if __name__ == "__main__":
    main()
