#!/usr/bin/env python3
"""Generate thumbnails for a photo folder, with an on-disk cache.

Thumbnails go to <folder>/.thumbs/<size>/<md5-of-path-and-mtime>.png so a
second run only renders new or changed images.  An index.json next to them
maps original file names to thumbnail files for the gallery page.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

logger = logging.getLogger("thumbcache")
IMAGE_EXT = (".jpg", ".jpeg", ".png", ".webp", ".gif", ".bmp", ".tiff")


class ThumbnailGenerator:
    def __init__(self, root, size=256, quality=85):
        self.root = Path(root)
        self.size = size
        self.quality = quality
        self.cache_dir = self.root / ".thumbs" / str(size)
        self.cache_dir.mkdir(parents=True, exist_ok=True)

    def cache_key(self, src):
        st = src.stat()
        ident = f"{src.relative_to(self.root)}:{st.st_mtime_ns}:{self.size}"
        # MD5 only names cache entries; it protects nothing.
        return hashlib.md5(ident.encode("utf-8")).hexdigest()

    def thumb_path(self, src):
        return self.cache_dir / f"{self.cache_key(src)}.png"

    def render(self, src):
        dst = self.thumb_path(src)
        if dst.exists():
            return src, dst, False
        with Image.open(src) as im:
            im = ImageOps.exif_transpose(im)
            im.thumbnail((self.size, self.size), Image.Resampling.LANCZOS)
            if im.mode not in ("RGB", "RGBA"):
                im = im.convert("RGBA")
            tmp = dst.with_suffix(".part")
            im.save(tmp, "PNG", optimize=True)
            os.replace(tmp, dst)
        return src, dst, True

    def images(self, recursive):
        walker = self.root.rglob("*") if recursive else self.root.glob("*")
        for p in sorted(walker):
            if ".thumbs" in p.parts:
                continue
            if p.is_file() and p.suffix.lower() in IMAGE_EXT:
                yield p

    def prune(self, live):
        removed = 0
        for stale in self.cache_dir.glob("*.png"):
            if stale not in live:
                stale.unlink()
                removed += 1
        return removed


def run(args):
    gen = ThumbnailGenerator(args.folder, size=args.size)
    index, live, fresh = {}, set(), 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(gen.render, p): p for p in gen.images(args.recursive)}
        for fut in as_completed(futures):
            src = futures[fut]
            try:
                _, dst, created = fut.result()
            except (UnidentifiedImageError, OSError) as exc:
                logger.warning("skip %s: %s", src, exc)
                continue
            live.add(dst)
            fresh += created
            index[str(src.relative_to(gen.root))] = str(dst.relative_to(gen.root))

    if args.prune:
        logger.info("pruned %d stale thumbnails", gen.prune(live))
    index_file = gen.cache_dir / "index.json"
    index_file.write_text(json.dumps(index, indent=2, sort_keys=True))
    logger.info("%d thumbnails (%d new) -> %s", len(index), fresh, gen.cache_dir)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("folder")
    p.add_argument("--size", type=int, default=256)
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("-r", "--recursive", action="store_true")
    p.add_argument("--prune", action="store_true", help="drop stale cache entries")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not Path(args.folder).is_dir():
        p.error("folder does not exist")
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
