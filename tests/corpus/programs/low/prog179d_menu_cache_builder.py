#!/usr/bin/env python3
"""Menu cache builder.

Builds the static HTML menu for the tea room website from menu.json and
the photo folder.  Photos are inlined as base64 data URIs so the page works
offline on the floor tablets; an MD5-keyed cache avoids re-encoding photos
that haven't changed.
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import shutil
from pathlib import Path

log = logging.getLogger("menu_build")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".menu_cache")
MIME = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}


class PhotoCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.hits = 0

    def _key(self, data):
        return hashlib.md5(data).hexdigest()

    def data_uri(self, photo):
        raw = photo.read_bytes()
        entry = self.root / (self._key(raw) + ".b64")
        if entry.exists():
            self.hits += 1
            encoded = entry.read_text()
        else:
            encoded = base64.b64encode(raw).decode("ascii")
            entry.write_text(encoded)
        return f"data:{MIME.get(photo.suffix.lower(), 'application/octet-stream')};base64,{encoded}"


def render_item(item, cache, photos):
    name = html.escape(item["name"])
    desc = html.escape(item.get("description", ""))
    price = f"&pound;{item['price']:.2f}"
    img = ""
    photo = photos / item.get("photo", "")
    if item.get("photo") and photo.is_file():
        img = f'<img alt="{name}" src="{cache.data_uri(photo)}">'
    return f"<li>{img}<h3>{name}</h3><p>{desc}</p><span>{price}</span></li>"


def build(menu_file, photos, cache):
    menu = json.loads(menu_file.read_text())
    sections = []
    for section in menu["sections"]:
        items = "\n".join(render_item(i, cache, photos) for i in section["items"])
        sections.append(f"<section><h2>{html.escape(section['title'])}</h2><ul>{items}</ul></section>")
    title = html.escape(menu.get("title", "Menu"))
    return f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head><body>{''.join(sections)}</body></html>"


def main():
    parser = argparse.ArgumentParser(description="Build the static tea room menu")
    parser.add_argument("--menu", type=Path, default=Path("menu.json"))
    parser.add_argument("--photos", type=Path, default=Path("photos"))
    parser.add_argument("--clean", action="store_true", help="remove build output and cache first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean:
        for d in (BUILD_DIR, CACHE_DIR):
            if d.exists():
                shutil.rmtree(d)
                log.info("removed %s", d)
    BUILD_DIR.mkdir(exist_ok=True)
    cache = PhotoCache(CACHE_DIR)
    page = build(args.menu, args.photos, cache)
    out = BUILD_DIR / "index.html"
    out.write_text(page, encoding="utf-8")
    log.info("wrote %s (%d bytes, %d cached photos reused)", out, len(page), cache.hits)


if __name__ == "__main__":
    main()
