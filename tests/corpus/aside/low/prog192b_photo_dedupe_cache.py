#!/usr/bin/env python3
"""Event-photo tidy-up for the taproom's social media folder.

Walks the photos folder under the working directory, finds duplicate
uploads, builds a thumbnail cache keyed by content hash and writes a
manifest the social media manager uses to pick posts.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("photodedupe")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".webp"}
CACHE_DIR = Path(".thumbcache")


def cache_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def images(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in IMAGE_SUFFIXES:
                yield p


def thumbnailer():
    try:
        pil = importlib.import_module("PIL.Image")
    except ImportError:
        return None

    def make(src: Path, dest: Path, size=(320, 320)) -> None:
        with getattr(pil, "open")(src) as im:
            im.thumbnail(size)
            im.convert("RGB").save(dest, "JPEG", quality=80)
    return make


def build(root: Path) -> dict:
    CACHE_DIR.mkdir(exist_ok=True)
    make = thumbnailer()
    seen, dupes, entries = {}, [], []
    for img in images(root):
        key = cache_key(img)
        if key in seen:
            dupes.append({"copy": str(img), "original": seen[key]})
            continue
        seen[key] = str(img)
        thumb = CACHE_DIR / f"{key}.jpg"
        if make and not thumb.exists():
            try:
                make(img, thumb)
            except OSError as exc:
                log.warning("thumbnail failed for %s: %s", img, exc)
        entries.append({"path": str(img), "key": key, "bytes": img.stat().st_size,
                        "thumb": str(thumb) if thumb.exists() else None})
    return {"photos": entries, "duplicates": dupes}


def clean(_root: Path) -> dict:
    if CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("removed %s", CACHE_DIR)
    manifest = Path("photo_manifest.json")
    if manifest.exists():
        manifest.unlink()
    return {}


ACTIONS = {"build": build, "clean": clean}


def main() -> None:
    ap = argparse.ArgumentParser(description="Deduplicate event photos and cache thumbnails")
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="build")
    ap.add_argument("--root", type=Path, default=Path("photos"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    result = ACTIONS[args.action](args.root)
    if result:
        out = Path("photo_manifest.json")
        out.write_text(json.dumps(result, indent=2))
        os.chmod(out, 0o600)
        log.info("%d photos, %d duplicates -> %s", len(result["photos"]),
                 len(result["duplicates"]), out)


if __name__ == "__main__":
    main()
