#!/usr/bin/env python3
"""Resize a photo gallery into several web renditions.

Renditions are described in gallery.yml in the working directory, e.g.

    renditions:
      - {name: small, width: 480, quality: 80}
      - {name: large, width: 1600, quality: 88}
    watermark: "(c) studio"
"""
import argparse
import hashlib
import json
import logging
import os
from multiprocessing import Pool
from pathlib import Path

import yaml
from PIL import Image, ImageDraw, ImageOps

LOG = logging.getLogger("gallery")
SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")


def read_config(path):
    with open(path, "r", encoding="utf-8") as fh:
        # full loader so configs can use python tags for custom rendition objects
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.setdefault("renditions", [{"name": "web", "width": 1200, "quality": 85}])
    cfg.setdefault("watermark", "")
    return cfg


def digest(path, rendition):
    h = hashlib.md5(path.read_bytes())
    h.update(json.dumps(rendition, sort_keys=True).encode())
    return h.hexdigest()


class Renderer:
    def __init__(self, out_root, watermark):
        self.out_root = out_root
        self.watermark = watermark

    def stamp(self, im):
        if not self.watermark:
            return im
        draw = ImageDraw.Draw(im)
        w, h = im.size
        draw.text((10, h - 24), self.watermark, fill=(255, 255, 255))
        return im

    def __call__(self, job):
        src, rendition = job
        dest = self.out_root / rendition["name"] / (src.stem + ".jpg")
        with Image.open(src) as im:
            im = ImageOps.exif_transpose(im).convert("RGB")
            ratio = rendition["width"] / float(im.width)
            if ratio < 1:
                im = im.resize((rendition["width"], int(im.height * ratio)), Image.LANCZOS)
            im = self.stamp(im)
            dest.parent.mkdir(parents=True, exist_ok=True)
            im.save(dest, "JPEG", quality=rendition.get("quality", 85), progressive=True)
        return str(dest), digest(src, rendition)


def pending_jobs(src_dir, cfg, manifest):
    for src in sorted(p for p in src_dir.iterdir() if p.suffix.lower() in SUFFIXES):
        for rendition in cfg["renditions"]:
            key = f"{rendition['name']}/{src.name}"
            if manifest.get(key) != digest(src, rendition):
                yield src, rendition


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path, nargs="?", default=Path("gallery"))
    ap.add_argument("--out", type=Path, default=Path("public/img"))
    ap.add_argument("--config", default="gallery.yml")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = read_config(args.config)
    manifest_path = args.out / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    jobs = list(pending_jobs(args.src, cfg, manifest))
    LOG.info("%d renditions to build", len(jobs))

    renderer = Renderer(args.out, cfg["watermark"])
    with Pool(args.workers) as pool:
        for dest, key in pool.imap_unordered(renderer, jobs):
            rel = Path(dest).relative_to(args.out)
            manifest[f"{rel.parent}/{rel.stem}"] = key
            LOG.debug("built %s", dest)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(manifest, indent=2))


if __name__ == "__main__":
    main()
