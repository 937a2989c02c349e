#!/usr/bin/env python3
"""Build a thumbnail index page for the online costume catalogue.

Fetches each costume's product photo from the shop's image CDN, caches it
locally under an MD5-of-URL name, and writes a single self-contained HTML
page (images inlined as base64 data URIs) that staff can open offline on
the stockroom laptop.
"""
import argparse
import base64
import csv
import hashlib
import html
import logging
import os
import urllib.request
from pathlib import Path

LOG = logging.getLogger("thumb-index")

CDN_BASE = os.environ.get("CATALOG_CDN", "https://img.costume-hq.example.com/products")
CACHE_DIR = Path(os.environ.get("THUMB_CACHE", ".thumb_cache"))
TIMEOUT = 10

PAGE_HEAD = """<!doctype html><html><head><meta charset="utf-8">
<title>Costume catalogue - offline index</title>
<style>body{font-family:sans-serif}figure{display:inline-block;width:180px;margin:6px}
img{max-width:170px}figcaption{font-size:12px}</style></head><body>
<h1>Costume catalogue</h1>
"""


class ThumbCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.hits = 0
        self.misses = 0

    def key(self, url):
        return hashlib.md5(url.encode("utf-8")).hexdigest()

    def get(self, url):
        path = self.root / (self.key(url) + ".jpg")
        if path.exists():
            self.hits += 1
            return path.read_bytes()
        self.misses += 1
        with urllib.request.urlopen(url, timeout=TIMEOUT) as resp:
            data = resp.read()
        path.write_bytes(data)
        return data


def read_catalog(path):
    with path.open(newline="", encoding="utf-8") as fh:
        return [row for row in csv.DictReader(fh) if row.get("sku")]


def figure(row, data):
    uri = "data:image/jpeg;base64," + base64.b64encode(data).decode("ascii")
    caption = f"{row['sku']} - {row.get('name', '')} ({row.get('size', 'OS')})"
    return (f'<figure><img src="{uri}" alt="{html.escape(row["sku"])}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>\n")


def main():
    parser = argparse.ArgumentParser(description="Offline catalogue index")
    parser.add_argument("catalog", type=Path, help="catalogue CSV export")
    parser.add_argument("--out", type=Path, default=Path("catalog_index.html"))
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = ThumbCache(CACHE_DIR)
    rows = read_catalog(args.catalog)
    if args.limit:
        rows = rows[:args.limit]
    parts = [PAGE_HEAD]
    for row in rows:
        url = f"{CDN_BASE}/{row['sku']}/thumb.jpg"
        try:
            parts.append(figure(row, cache.get(url)))
        except OSError as exc:
            LOG.warning("no photo for %s: %s", row["sku"], exc)
    parts.append("</body></html>\n")
    args.out.write_text("".join(parts), encoding="utf-8")
    LOG.info("wrote %s: %d items, cache %d hits / %d misses",
             args.out, len(rows), cache.hits, cache.misses)


if __name__ == "__main__":
    main()
