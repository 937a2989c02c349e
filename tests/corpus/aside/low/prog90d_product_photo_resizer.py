#!/usr/bin/env python3
"""Prepare product photos for marketplace listings.

Takes the edited photos in ./incoming and writes marketplace-ready copies:

  * listing/  2000px on the long edge, sRGB JPEG, quality 88 (Etsy, Shopify)
  * thumbs/   570x456 centre-cropped thumbnails (Etsy search grid ratio)

A manifest (manifest.json) maps each source file to its outputs so the
listing uploader can attach them.  Unchanged photos are skipped.

    ./product_photo_resizer.py --workers 4
"""
import argparse
import json
import logging
import os
import shutil
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("photo-resizer")
SIZES = {"listing": (2000, None), "thumbs": (570, 456)}
EXTS = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp", ".heic"}


def fingerprint(path):
    st = path.stat()
    return f"{st.st_size}:{int(st.st_mtime)}"


def render(src, out_root, quality):
    """Write every size for one source photo; returns {size: path}."""
    outputs = {}
    with Image.open(src) as im:
        im = ImageOps.exif_transpose(im)
        if im.mode not in ("RGB", "L"):
            im = im.convert("RGB")
        for name, (w, h) in SIZES.items():
            dest = out_root / name / (src.stem + ".jpg")
            dest.parent.mkdir(parents=True, exist_ok=True)
            if h is None:
                copy = im.copy()
                copy.thumbnail((w, w), Image.LANCZOS)
            else:
                copy = ImageOps.fit(im, (w, h), Image.LANCZOS, centering=(0.5, 0.45))
            copy.save(dest, "JPEG", quality=quality, optimize=True, progressive=True)
            outputs[name] = str(dest)
    return outputs


def load_manifest(path):
    try:
        return json.loads(path.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def write_manifest(path, manifest):
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.replace(tmp, path)
    os.chmod(path, 0o600)


class PhotoJob:
    def __init__(self, src_dir, out_dir, workers, quality):
        self.src_dir = Path(src_dir)
        self.out_dir = Path(out_dir)
        self.workers = workers
        self.quality = quality
        self.manifest_path = self.out_dir / "manifest.json"

    def pending(self, manifest):
        for src in sorted(self.src_dir.rglob("*")):
            if src.suffix.lower() not in EXTS or not src.is_file():
                continue
            entry = manifest.get(str(src))
            if entry and entry.get("fingerprint") == fingerprint(src):
                continue
            yield src

    def run(self):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        manifest = load_manifest(self.manifest_path)
        todo = list(self.pending(manifest))
        log.info("%d photos to process", len(todo))
        done = failed = 0
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(render, src, self.out_dir, self.quality): src for src in todo}
            for fut in as_completed(futures):
                src = futures[fut]
                try:
                    outputs = fut.result()
                except (OSError, ValueError) as exc:
                    log.error("%s: %s", src, exc)
                    failed += 1
                    continue
                manifest[str(src)] = {"fingerprint": fingerprint(src), "outputs": outputs}
                done += 1
        write_manifest(self.manifest_path, manifest)
        return done, failed


def main():
    ap = argparse.ArgumentParser(description="Resize product photos for listings")
    ap.add_argument("--src", default="incoming")
    ap.add_argument("--out", default="processed")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--quality", type=int, default=88)
    ap.add_argument("--clean", action="store_true", help="drop processed/ and start over")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and Path(args.out).is_dir():
        shutil.rmtree(args.out)
        log.info("removed %s", args.out)
    if not Path(args.src).is_dir():
        log.error("source folder %s does not exist", args.src)
        return 2

    done, failed = PhotoJob(args.src, args.out, args.workers, args.quality).run()
    log.info("processed %d photos, %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
