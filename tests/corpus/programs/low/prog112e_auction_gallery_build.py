#!/usr/bin/env python3
"""Build the auction lot gallery.

Reads the lot database, renders one HTML page per lot plus an index with
thumbnails, and writes the static site into ./site so it can be previewed
locally and uploaded by the hosting provider's deploy step.
"""
import argparse
import html
import logging
import shutil
import sqlite3
from pathlib import Path

from PIL import Image

LOG = logging.getLogger("gallery")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Lot {sku} - {title}</title>
<link rel="stylesheet" href="../gallery.css"></head>
<body><h1>Lot {sku}</h1><h2>{title}</h2>
<img src="../img/{sku}.jpg" alt="{title}">
<p>Grade: {grade}</p><p>Estimate: &pound;{estimate}</p>
<p><a href="../index.html">Back to all lots</a></p></body></html>
"""

INDEX_ROW = '<li><a href="lots/{sku}.html"><img src="thumbs/{sku}.jpg" alt=""> {sku} &ndash; {title}</a></li>'


class GalleryBuilder:
    def __init__(self, db_path, images_dir, out_dir, thumb_edge=240):
        self.db_path = db_path
        self.images_dir = Path(images_dir)
        self.out_dir = Path(out_dir)
        self.thumb_edge = thumb_edge

    def lots(self):
        con = sqlite3.connect(self.db_path)
        con.row_factory = sqlite3.Row
        try:
            yield from con.execute(
                "SELECT sku, title, grade, estimate_cents FROM lots ORDER BY sku"
            )
        finally:
            con.close()

    def _prepare(self, clean):
        if clean and self.out_dir.exists():
            LOG.info("removing previous build in %s", self.out_dir)
            shutil.rmtree(self.out_dir)
        for sub in ("lots", "img", "thumbs"):
            (self.out_dir / sub).mkdir(parents=True, exist_ok=True)
        css = Path("gallery.css")
        if css.exists():
            shutil.copy2(css, self.out_dir / css.name)

    def _image(self, sku):
        src = self.images_dir / f"{sku}.jpg"
        if not src.exists():
            LOG.warning("no image for lot %s", sku)
            return False
        shutil.copy2(src, self.out_dir / "img" / src.name)
        with Image.open(src) as im:
            im.thumbnail((self.thumb_edge, self.thumb_edge))
            im.convert("RGB").save(self.out_dir / "thumbs" / src.name, "JPEG", quality=80)
        return True

    def _page(self, lot):
        fields = {
            "sku": html.escape(lot["sku"]),
            "title": html.escape(lot["title"]),
            "grade": html.escape(lot["grade"] or "ungraded"),
            "estimate": f"{(lot['estimate_cents'] or 0) / 100:,.0f}",
        }
        (self.out_dir / "lots" / f"{lot['sku']}.html").write_text(PAGE.format(**fields), encoding="utf-8")
        return INDEX_ROW.format(**fields)

    def build(self, clean=True):
        self._prepare(clean)
        rows, missing = [], 0
        for lot in self.lots():
            if not self._image(lot["sku"]):
                missing += 1
            rows.append(self._page(lot))
        index = "<!doctype html><html><head><meta charset='utf-8'><title>Auction lots</title></head>" \
                "<body><h1>Auction lots</h1><ul>\n" + "\n".join(rows) + "\n</ul></body></html>\n"
        (self.out_dir / "index.html").write_text(index, encoding="utf-8")
        return len(rows), missing


def main():
    ap = argparse.ArgumentParser(description="Build the auction lot gallery")
    ap.add_argument("--db", default="lots.sqlite")
    ap.add_argument("--images", default="scans/web")
    ap.add_argument("--out", default="site")
    ap.add_argument("--thumb", type=int, default=240)
    ap.add_argument("--keep", action="store_true", help="do not clear the previous build")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    builder = GalleryBuilder(args.db, args.images, args.out, args.thumb)
    try:
        count, missing = builder.build(clean=not args.keep)
    except (sqlite3.Error, OSError) as exc:
        LOG.error("build failed: %s", exc)
        return 1
    LOG.info("built %d lot pages in %s (%d without images)", count, args.out, missing)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
