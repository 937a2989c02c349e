#!/usr/bin/env python3
"""
gallery_build - build the studio website portfolio from the artists'
export folders.

Each artist has a folder under ./portfolio/<artist>/ with full-size photos
and an optional captions.toml.  We make web-sized copies and thumbnails and
write gallery.json for the front-end into ./site/gallery, which the static
site generator picks up on its next run.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tomllib
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("gallery_build")

SIZES = {"full": 1600, "thumb": 360}
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}


def cache_key(path: Path) -> str:
    st = path.stat()
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:12]


def render(src: Path, dest_dir: Path, key: str):
    outputs = {}
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        for label, edge in SIZES.items():
            out = dest_dir / f"{key}_{label}.webp"
            if not out.exists():
                copy = im.copy()
                copy.thumbnail((edge, edge))
                copy.save(out, "WEBP", quality=82)
            outputs[label] = out.name
    return outputs


def captions_for(artist_dir: Path):
    f = artist_dir / "captions.toml"
    if f.exists():
        with open(f, "rb") as fh:
            return tomllib.load(fh)
    return {}


def build(src_root: Path, staging: Path):
    staging.mkdir(parents=True, exist_ok=True)
    gallery = []
    for artist_dir in sorted(p for p in src_root.iterdir() if p.is_dir()):
        caps = captions_for(artist_dir)
        out_dir = staging / artist_dir.name
        out_dir.mkdir(exist_ok=True)
        for img in sorted(artist_dir.iterdir()):
            if img.suffix.lower() not in IMAGE_EXT:
                continue
            try:
                files = render(img, out_dir, cache_key(img))
            except OSError as exc:
                log.warning("skipping %s: %s", img, exc)
                continue
            gallery.append({
                "artist": artist_dir.name,
                "caption": caps.get(img.name, ""),
                "full": f"{artist_dir.name}/{files['full']}",
                "thumb": f"{artist_dir.name}/{files['thumb']}",
            })
    (staging / "gallery.json").write_text(json.dumps(gallery, indent=1))
    log.info("built %d images for %d artists", len(gallery),
             len({g['artist'] for g in gallery}))
    return gallery


def prune_stale(staging: Path, gallery):
    """Remove renders from earlier runs that no longer back a gallery entry."""
    keep = {g["full"] for g in gallery} | {g["thumb"] for g in gallery}
    removed = 0
    for f in staging.rglob("*.webp"):
        rel = f.relative_to(staging).as_posix()
        if rel not in keep:
            f.unlink()
            removed += 1
    return removed


def copy_to_site(staging: Path, site_dir: Path):
    target = site_dir / "gallery"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(staging, target)
    log.info("gallery copied to %s", target)


def main():
    ap = argparse.ArgumentParser(description="build the portfolio gallery")
    ap.add_argument("--src", default="portfolio", type=Path)
    ap.add_argument("--staging", default="build/gallery", type=Path)
    ap.add_argument("--site-dir", default="site", type=Path)
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("--clean", action="store_true", help="delete build/ first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("no portfolio folder at %s", args.src)
        return 1
    if args.clean and args.staging.exists():
        shutil.rmtree(args.staging)
    gallery = build(args.src, args.staging)
    removed = prune_stale(args.staging, gallery)
    if removed:
        log.info("pruned %d stale renders", removed)
    if args.build_only:
        return 0
    try:
        copy_to_site(args.staging, args.site_dir)
    except OSError as exc:
        log.error("copy failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
