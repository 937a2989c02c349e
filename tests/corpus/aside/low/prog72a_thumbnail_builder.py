#!/usr/bin/env python3
"""Thumbnail builder for the photo archive export.

Walks an exported folder of originals and writes square and 16:9
thumbnails for the CMS picker, plus an index.json mapping originals to
thumbnail names.  Run it from the export checkout; everything it writes
lands under ./thumbs.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from pathlib import Path

from PIL import Image, ImageOps

LOG = logging.getLogger("thumbs")

SIZES = {"sq": (320, 320), "wide": (640, 360)}
EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"}


class ThumbIndex:
    """Small JSON index so the CMS picker can look thumbnails up."""

    def __init__(self, path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except json.JSONDecodeError:
                LOG.warning("index %s unreadable, starting fresh", path)

    def add(self, src, names):
        self.data[str(src)] = {"thumbs": names, "updated": int(time.time())}

    def save(self):
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True))
        os.chmod(tmp, 0o600)
        tmp.replace(self.path)


def thumb_name(src, kind):
    digest = hashlib.md5(str(src).encode()).hexdigest()[:16]
    return f"{digest}_{kind}.jpg"


def make_thumbs(src, out_dir):
    names = []
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        for kind, size in SIZES.items():
            target = out_dir / thumb_name(src, kind)
            names.append(target.name)
            if target.exists() and target.stat().st_mtime >= src.stat().st_mtime:
                continue
            ImageOps.fit(im, size, Image.LANCZOS).save(target, "JPEG", quality=80, optimize=True)
    return names


def scan(source, out_dir, index):
    count = 0
    for path in sorted(source.rglob("*")):
        if path.suffix.lower() not in EXTS or not path.is_file():
            continue
        try:
            names = make_thumbs(path, out_dir)
            index.add(path.relative_to(source), names)
            count += 1
        except (OSError, Image.DecompressionBombError) as exc:
            LOG.warning("%s: %s", path, exc)
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", default="originals")
    ap.add_argument("--out", default="thumbs")
    ap.add_argument("--clean", action="store_true", help="remove existing thumbnails first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    source = Path(args.source)
    if not source.is_dir():
        LOG.error("no such folder: %s", source)
        return 1
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    if args.clean:
        for old in out_dir.glob("*_*.jpg"):
            old.unlink()
    index = ThumbIndex(out_dir / "index.json")
    n = scan(source, out_dir, index)
    index.save()
    LOG.info("processed %d originals into %s", n, out_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
