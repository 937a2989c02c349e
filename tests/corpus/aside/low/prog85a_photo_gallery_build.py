#!/usr/bin/env python3
"""Build a static excavation photo gallery for the season folder.

Builds thumbnails and an index page per trench from the season's photo
folders into ./gallery, ready to be zipped up and attached to the weekly
report or copied onto a USB stick for the specialists.
"""

import argparse
import html
import json
import logging
import os
import sys
from pathlib import Path

from PIL import Image, ImageOps

log = logging.getLogger("gallery")

THUMB_SIZE = (320, 320)
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}} figure{{display:inline-block;margin:6px}}
figcaption{{font-size:12px;text-align:center}}</style></head>
<body><h1>{title}</h1>
{figures}
</body></html>
"""


class GalleryBuilder:
    def __init__(self, source: Path, outdir: Path, site: str):
        self.source = source
        self.site = site
        self.target = outdir / site.lower()

    def trenches(self):
        for d in sorted(p for p in self.source.iterdir() if p.is_dir()):
            photos = sorted(p for p in d.rglob("*") if p.suffix.lower() in IMAGE_EXT)
            if photos:
                yield d.name, photos

    def thumbnail(self, photo: Path, out: Path) -> bool:
        if out.exists() and out.stat().st_mtime >= photo.stat().st_mtime:
            return True
        try:
            with Image.open(photo) as im:
                im = ImageOps.exif_transpose(im)
                im.thumbnail(THUMB_SIZE)
                im.convert("RGB").save(out, "JPEG", quality=82)
            return True
        except (OSError, ValueError) as exc:
            log.warning("cannot thumbnail %s: %s", photo, exc)
            return False

    def build_trench(self, name: str, photos) -> int:
        tdir = self.target / name
        (tdir / "thumbs").mkdir(parents=True, exist_ok=True)
        figures = []
        for photo in photos:
            thumb = tdir / "thumbs" / (photo.stem + ".jpg")
            if not self.thumbnail(photo, thumb):
                continue
            rel = os.path.relpath(photo.resolve(), tdir.resolve())
            figures.append(
                f'<figure><a href="{html.escape(rel)}">'
                f'<img src="thumbs/{html.escape(thumb.name)}" loading="lazy"></a>'
                f'<figcaption>{html.escape(photo.stem)}</figcaption></figure>')
        title = f"{self.site} - {name}"
        (tdir / "index.html").write_text(
            PAGE.format(title=html.escape(title), figures="\n".join(figures)), encoding="utf-8")
        return len(figures)

    def build(self) -> dict:
        self.target.mkdir(parents=True, exist_ok=True)
        counts = {name: self.build_trench(name, photos) for name, photos in self.trenches()}
        links = "\n".join(f'<figure><a href="{html.escape(t)}/">{html.escape(t)}</a>'
                          f'<figcaption>{n} photos</figcaption></figure>' for t, n in counts.items())
        (self.target / "index.html").write_text(
            PAGE.format(title=html.escape(self.site), figures=links), encoding="utf-8")
        summary = self.target / "gallery.json"
        summary.write_text(json.dumps(counts, indent=2))
        os.chmod(summary, 0o600)
        return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="season photo folder (one subfolder per trench)")
    ap.add_argument("--site", required=True)
    ap.add_argument("--out", type=Path, default=Path("gallery"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a directory", args.source)
        return 2
    builder = GalleryBuilder(args.source, args.out, args.site)
    try:
        counts = builder.build()
    except OSError as exc:
        log.error("gallery build failed: %s", exc)
        return 1
    log.info("built %d trenches, %d photos under %s",
             len(counts), sum(counts.values()), builder.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
