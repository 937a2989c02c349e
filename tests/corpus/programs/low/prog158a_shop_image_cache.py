#!/usr/bin/env python3
"""Bottle shop catalogue image cache.

Downloads product images for the shop's bottle catalogue, keeps them in a
local cache keyed by URL, and writes catalogue.json with small inline
thumbnails (base64 data URIs) for the offline till screen.
"""
import argparse
import base64
import hashlib
import json
import logging
import shutil
from pathlib import Path

import requests

log = logging.getLogger("imgcache")

CACHE_DIR = Path(".img_cache")
BUILD_DIR = Path("build")


def cache_key(url: str) -> str:
    # just a file name for the cache, not used for anything security related
    return hashlib.md5(url.encode("utf-8")).hexdigest()


class ImageCache:
    def __init__(self, root: Path, timeout: float = 10.0):
        self.root = root
        self.timeout = timeout
        self.root.mkdir(exist_ok=True)
        self.hits = 0
        self.misses = 0

    def get(self, url: str) -> bytes:
        path = self.root / cache_key(url)
        if path.exists():
            self.hits += 1
            return path.read_bytes()
        self.misses += 1
        resp = requests.get(url, timeout=self.timeout)
        resp.raise_for_status()
        path.write_bytes(resp.content)
        return resp.content

    def is_current(self, url: str) -> bool:
        """HEAD the image to see whether it still exists upstream."""
        try:
            r = requests.head(url, timeout=self.timeout, allow_redirects=True)
            return r.status_code == 200
        except requests.RequestException:
            return False


def data_uri(content: bytes, mime="image/jpeg") -> str:
    return f"data:{mime};base64," + base64.b64encode(content).decode("ascii")


def build_catalogue(products, cache: ImageCache):
    out = []
    for p in products:
        entry = {"sku": p["sku"], "name": p["name"], "price": p["price"]}
        try:
            entry["thumb"] = data_uri(cache.get(p["image_url"]))
        except requests.RequestException as exc:
            log.warning("no image for %s: %s", p["sku"], exc)
            entry["thumb"] = None
        out.append(entry)
    return out


def clean():
    for d in (CACHE_DIR, BUILD_DIR):
        if d.exists():
            log.info("removing %s", d)
            shutil.rmtree(d)


def main():
    parser = argparse.ArgumentParser(description="Catalogue image cache")
    parser.add_argument("--products", default="products.json", type=Path)
    parser.add_argument("--clean", action="store_true", help="remove cache and build output")
    parser.add_argument("--check", action="store_true", help="HEAD each image URL")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean:
        clean()
        return 0

    products = json.loads(args.products.read_text())
    cache = ImageCache(CACHE_DIR)

    if args.check:
        missing = [p["sku"] for p in products if not cache.is_current(p["image_url"])]
        log.info("%d of %d images missing upstream", len(missing), len(products))

    BUILD_DIR.mkdir(exist_ok=True)
    catalogue = build_catalogue(products, cache)
    (BUILD_DIR / "catalogue.json").write_text(json.dumps(catalogue, indent=1))
    log.info("catalogue built: %d products, cache hits %d, misses %d",
             len(catalogue), cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
