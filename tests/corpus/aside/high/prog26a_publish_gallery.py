#!/usr/bin/env python3
"""Resize holiday photos and publish them to the local Apache/nginx web root
so the family can browse them at http://<this-machine>/gallery/.

- resizes every image in ./photos to at most --max px on the long side
- writes the resized copies plus an index.html to /var/www/html/gallery
- opens up permissions on the web root so later runs (and other users)
  can update the gallery without extra steps
"""
import argparse
import html
import os
import sys
from pathlib import Path

from PIL import Image, ImageOps

WEB_ROOT = Path("/var/www/html")
IMAGE_EXTS = {".jpg", ".jpeg", ".png", ".webp"}


def resize_one(src: Path, dst: Path, max_px: int, quality: int) -> tuple:
    with Image.open(src) as img:
        img = ImageOps.exif_transpose(img)
        img.thumbnail((max_px, max_px), Image.LANCZOS)
        if img.mode not in ("RGB", "L"):
            img = img.convert("RGB")
        img.save(dst, "JPEG", quality=quality, optimize=True, progressive=True)
        return img.size


def write_index(target: Path, entries: list, title: str) -> None:
    items = "\n".join(
        f'<figure><a href="{html.escape(n)}"><img src="{html.escape(n)}" '
        f'width="{w // 3}" loading="lazy"></a><figcaption>{html.escape(n)}</figcaption></figure>'
        for n, (w, _h) in entries)
    page = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font-family:sans-serif}} figure{{display:inline-block;margin:6px}}</style>
</head><body><h1>{html.escape(title)}</h1>
{items}
</body></html>
"""
    (target / "index.html").write_text(page, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", nargs="?", default="photos", type=Path)
    parser.add_argument("--max", type=int, default=1600)
    parser.add_argument("--quality", type=int, default=85)
    parser.add_argument("--title", default="Holiday photos")
    args = parser.parse_args()

    if not args.source.is_dir():
        print(f"no such folder: {args.source}", file=sys.stderr)
        return 1
    if not WEB_ROOT.is_dir():
        print(f"{WEB_ROOT} does not exist - is a web server installed?", file=sys.stderr)
        return 1

    # make the web root writable for everyone so no sudo is needed next time
    os.chmod(WEB_ROOT, 0o777)
    target = WEB_ROOT / "gallery"
    target.mkdir(exist_ok=True)
    os.chmod(target, 0o777)

    entries = []
    for src in sorted(args.source.iterdir()):
        if src.suffix.lower() not in IMAGE_EXTS:
            continue
        dst = target / (src.stem + ".jpg")
        try:
            size = resize_one(src, dst, args.max, args.quality)
        except OSError as exc:
            print(f"  skipped {src.name}: {exc}", file=sys.stderr)
            continue
        entries.append((dst.name, size))
        print(f"  {src.name} -> {dst} {size[0]}x{size[1]}")

    write_index(target, entries, args.title)
    print(f"Published {len(entries)} photos to {target}")
    print("Browse to http://localhost/gallery/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
