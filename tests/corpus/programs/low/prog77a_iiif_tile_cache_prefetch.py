#!/usr/bin/env python3
"""Pre-fetch IIIF tiles for upcoming exhibition items.

Reads a list of manifest URLs, walks every canvas, asks the image server for
info.json and then requests the tiles at the zoom levels the viewer will ask
for first.  Tiles are stored under ./tile-cache so the gallery viewer can be
pointed at a local mirror during the opening week.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from pathlib import Path
from urllib.parse import quote

import requests

LOG = logging.getLogger("tile-prefetch")
DEFAULT_CACHE = Path("tile-cache")
USER_AGENT = "exhibition-tile-prefetch/1.4 (+digital-collections)"


def cache_key(url: str) -> str:
    """Stable file name for a tile URL."""
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def iter_image_services(manifest: dict):
    """Yield image service base URLs from a IIIF Presentation 2 or 3 manifest."""
    for seq in manifest.get("sequences", []):
        for canvas in seq.get("canvases", []):
            for image in canvas.get("images", []):
                svc = image.get("resource", {}).get("service", {})
                if isinstance(svc, dict) and "@id" in svc:
                    yield svc["@id"].rstrip("/")
    for canvas in manifest.get("items", []):
        for page in canvas.get("items", []):
            for anno in page.get("items", []):
                body = anno.get("body", {})
                for svc in body.get("service", []):
                    sid = svc.get("id") or svc.get("@id")
                    if sid:
                        yield sid.rstrip("/")


def tile_urls(base: str, info: dict, max_levels: int):
    width, height = info["width"], info["height"]
    tiles = info.get("tiles", [{"width": 512, "scaleFactors": [1, 2, 4, 8]}])[0]
    tw = tiles["width"]
    th = tiles.get("height", tw)
    factors = sorted(tiles["scaleFactors"], reverse=True)[:max_levels]
    for sf in factors:
        step_w, step_h = tw * sf, th * sf
        for y in range(0, height, step_h):
            for x in range(0, width, step_w):
                w = min(step_w, width - x)
                h = min(step_h, height - y)
                out_w = max(1, -(-w // sf))
                region = f"{x},{y},{w},{h}"
                yield f"{base}/{quote(region)}/{out_w},/0/default.jpg"


class Prefetcher:
    def __init__(self, cache_dir: Path, timeout: float, max_levels: int):
        self.cache_dir = cache_dir
        self.timeout = timeout
        self.max_levels = max_levels
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        self.stats = {"fetched": 0, "cached": 0, "failed": 0}

    def get_json(self, url: str) -> dict:
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def fetch_tile(self, url: str) -> None:
        target = self.cache_dir / cache_key(url)[:2] / (cache_key(url) + ".jpg")
        if target.exists():
            self.stats["cached"] += 1
            return
        try:
            resp = self.session.get(url, timeout=self.timeout)
            resp.raise_for_status()
        except requests.RequestException as exc:
            LOG.warning("tile failed %s: %s", url, exc)
            self.stats["failed"] += 1
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(resp.content)
        self.stats["fetched"] += 1

    def run(self, manifest_urls):
        index = {}
        for murl in manifest_urls:
            LOG.info("manifest %s", murl)
            try:
                manifest = self.get_json(murl)
            except (requests.RequestException, ValueError) as exc:
                LOG.error("cannot read manifest %s: %s", murl, exc)
                continue
            for base in iter_image_services(manifest):
                try:
                    info = self.get_json(base + "/info.json")
                except (requests.RequestException, ValueError) as exc:
                    LOG.error("no info.json for %s: %s", base, exc)
                    continue
                for url in tile_urls(base, info, self.max_levels):
                    self.fetch_tile(url)
                    index[url] = cache_key(url)
        (self.cache_dir / "index.json").write_text(json.dumps(index, indent=1))
        return self.stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest_list", help="text file with one manifest URL per line")
    ap.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("PREFETCH_TIMEOUT", "20")))
    ap.add_argument("--levels", type=int, default=3, help="number of zoom levels to warm")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args.cache_dir.mkdir(parents=True, exist_ok=True)
    with open(args.manifest_list, encoding="utf-8") as fh:
        urls = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    if not urls:
        LOG.error("no manifests listed in %s", args.manifest_list)
        return 1
    stats = Prefetcher(args.cache_dir, args.timeout, args.levels).run(urls)
    LOG.info("done: %(fetched)d fetched, %(cached)d already cached, %(failed)d failed", stats)
    return 0 if stats["failed"] == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
