#!/usr/bin/env python3
"""Index a media-box library folder and build a thumbnail cache.

Walks a library folder (default ./library), records size/duration-ish
metadata, and writes small JPEG thumbnails for pictures into ./.thumbs/,
keyed by an MD5 of path+mtime.  The index is saved as ./media_index.json
with owner-only permissions.  Originals are never modified.
"""
import argparse
import hashlib
import json
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

try:
    from PIL import Image
except ImportError:  # thumbnails are optional
    Image = None

log = logging.getLogger("shelf")
PICTURE_EXT = {".jpg", ".jpeg", ".png", ".webp"}
VIDEO_EXT = {".mkv", ".mp4", ".avi", ".mov"}
AUDIO_EXT = {".flac", ".mp3", ".ogg", ".m4a"}


@dataclass
class MediaItem:
    path: str
    kind: str
    size: int
    mtime: float
    thumb: str = ""
    tags: list = field(default_factory=list)


def classify(p: Path) -> str:
    ext = p.suffix.lower()
    if ext in PICTURE_EXT:
        return "picture"
    if ext in VIDEO_EXT:
        return "video"
    if ext in AUDIO_EXT:
        return "audio"
    return ""


def cache_key(p: Path, st: os.stat_result) -> str:
    return hashlib.md5(f"{p}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()


class ShelfIndexer:
    def __init__(self, root: Path, thumbs: Path, size: int):
        self.root = root
        self.thumbs = thumbs
        self.size = size
        self.items = []

    def make_thumb(self, src: Path, key: str) -> str:
        if Image is None:
            return ""
        dest = self.thumbs / f"{key}.jpg"
        if dest.exists():
            return str(dest)
        try:
            with Image.open(src) as im:
                im.thumbnail((self.size, self.size))
                im.convert("RGB").save(dest, "JPEG", quality=80)
        except OSError as exc:
            log.warning("thumbnail failed for %s: %s", src, exc)
            return ""
        return str(dest)

    def scan(self):
        self.thumbs.mkdir(parents=True, exist_ok=True)
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in sorted(filenames):
                p = Path(dirpath) / name
                kind = classify(p)
                if not kind:
                    continue
                st = p.stat()
                item = MediaItem(str(p.relative_to(self.root)), kind, st.st_size, st.st_mtime)
                item.tags = [part for part in p.relative_to(self.root).parts[:-1]]
                if kind == "picture":
                    item.thumb = self.make_thumb(p, cache_key(p, st))
                self.items.append(item)
        return self.items


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("library", nargs="?", default="library", type=Path)
    ap.add_argument("--thumb-size", type=int, default=256)
    ap.add_argument("--index", type=Path, default=Path("media_index.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.library.is_dir():
        log.error("library folder %s not found", args.library)
        return 1
    indexer = ShelfIndexer(args.library, Path(".thumbs"), args.thumb_size)
    items = indexer.scan()
    counts = {}
    for it in items:
        counts[it.kind] = counts.get(it.kind, 0) + 1

    args.index.write_text(json.dumps({"counts": counts, "items": [asdict(i) for i in items]}, indent=1))
    os.chmod(args.index, 0o600)
    log.info("indexed %d items: %s", len(items), counts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
