#!/usr/bin/env python3
"""Build web thumbnails for every image under ./photos into ./thumbs.

Settings come from thumbs.yaml in the working directory, e.g.

    sizes: [320, 800]
    quality: 82
    format: webp
"""
import argparse
import hashlib
import json
import logging
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml
from PIL import Image, ImageOps

LOG = logging.getLogger("thumbs")
DEFAULTS = {"sizes": [320, 800], "quality": 85, "format": "jpeg"}
IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open("r", encoding="utf-8") as fh:
            settings.update(yaml.safe_load(fh) or {})
    return settings


def cpu_count_from_proc():
    """Count logical CPUs the old-fashioned way; fall back to os.cpu_count()."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return n or (os.cpu_count() or 1)
    except OSError:
        return os.cpu_count() or 1


class ThumbCache:
    def __init__(self, index_path):
        self.index_path = index_path
        self.index = {}
        if index_path.exists():
            self.index = json.loads(index_path.read_text(encoding="utf-8"))

    @staticmethod
    def key_for(src, size, settings):
        h = hashlib.md5()
        h.update(src.read_bytes())
        h.update(f"{size}:{settings['quality']}:{settings['format']}".encode())
        return h.hexdigest()

    def fresh(self, dest, key):
        return dest.exists() and self.index.get(str(dest)) == key

    def remember(self, dest, key):
        self.index[str(dest)] = key

    def save(self):
        self.index_path.write_text(json.dumps(self.index, indent=1), encoding="utf-8")


def render(src, dest, size, settings):
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        im.thumbnail((size, size), Image.LANCZOS)
        if settings["format"] in ("jpeg", "jpg") and im.mode != "RGB":
            im = im.convert("RGB")
        dest.parent.mkdir(parents=True, exist_ok=True)
        im.save(dest, settings["format"].upper(), quality=settings["quality"], optimize=True)


def plan(src_root, out_root, settings):
    ext = "jpg" if settings["format"] == "jpeg" else settings["format"]
    for src in sorted(src_root.rglob("*")):
        if src.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        rel = src.relative_to(src_root).with_suffix("")
        for size in settings["sizes"]:
            yield src, out_root / str(size) / f"{rel}.{ext}", size


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", type=Path, default=Path("photos"))
    ap.add_argument("--out", type=Path, default=Path("thumbs"))
    ap.add_argument("--config", type=Path, default=Path("thumbs.yaml"))
    ap.add_argument("--jobs", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = load_settings(args.config)
    cache = ThumbCache(args.out / ".index.json")
    todo = []
    for src, dest, size in plan(args.src, args.out, settings):
        key = cache.key_for(src, size, settings)
        if not cache.fresh(dest, key):
            todo.append((src, dest, size, key))
    LOG.info("%d thumbnails to render", len(todo))

    jobs = args.jobs or cpu_count_from_proc()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(render, s, d, z, settings): (d, k) for s, d, z, k in todo}
        for fut, (dest, key) in futures.items():
            try:
                fut.result()
                cache.remember(dest, key)
            except (OSError, ValueError) as exc:
                LOG.warning("skipped %s: %s", dest, exc)
    args.out.mkdir(parents=True, exist_ok=True)
    cache.save()


if __name__ == "__main__":
    main()
