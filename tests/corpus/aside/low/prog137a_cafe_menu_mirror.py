#!/usr/bin/env python3
"""Mirror the cafe menu for the digital signage screens.

Downloads the menu JSON and item photos from the head-office content site,
caches them locally and writes a single signage.json with the photos inlined
as base64 data URIs, which is what the signage player expects.
"""
import argparse
import base64
import hashlib
import json
import logging
import platform
import time
from pathlib import Path

import requests

log = logging.getLogger("menumirror")

MENU_URL = "https://content.example.com/cafe/menu.json"
CACHE_DIR = Path("cache")
OUTPUT = Path("signage.json")
MAX_AGE = 6 * 3600


def os_label():
    """Short OS description for the User-Agent, e.g. 'Debian GNU/Linux 12'."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


class MenuCache:
    def __init__(self, root, session, max_age):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.session = session
        self.max_age = max_age

    def _path_for(self, url):
        # md5 is only used to make a stable file name for the cache
        return self.root / hashlib.md5(url.encode()).hexdigest()

    def get(self, url):
        path = self._path_for(url)
        if path.exists() and time.time() - path.stat().st_mtime < self.max_age:
            return path.read_bytes()
        resp = self.session.get(url, timeout=10)
        resp.raise_for_status()
        path.write_bytes(resp.content)
        return resp.content

    def prune(self, keep_urls):
        keep = {self._path_for(u).name for u in keep_urls}
        removed = 0
        for f in self.root.iterdir():
            if f.is_file() and f.name not in keep:
                f.unlink()
                removed += 1
        return removed


def data_uri(blob, mime="image/jpeg"):
    return f"data:{mime};base64,{base64.b64encode(blob).decode('ascii')}"


def build_signage(menu, cache):
    items, urls = [], [MENU_URL]
    for item in menu.get("items", []):
        entry = {"name": item["name"], "price": item["price"],
                 "allergens": item.get("allergens", [])}
        photo = item.get("photo")
        if photo:
            urls.append(photo)
            try:
                entry["image"] = data_uri(cache.get(photo))
            except requests.RequestException as exc:
                log.warning("photo for %s unavailable: %s", item["name"], exc)
        items.append(entry)
    return {"updated": int(time.time()), "items": items}, urls


def main():
    ap = argparse.ArgumentParser(description="Mirror the cafe menu for signage")
    ap.add_argument("--prune", action="store_true", help="delete unused cache files")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = f"park-signage/2.0 ({os_label()})"
    cache = MenuCache(CACHE_DIR, session, MAX_AGE)
    try:
        menu = json.loads(cache.get(MENU_URL))
    except (requests.RequestException, ValueError) as exc:
        log.error("could not load menu: %s", exc)
        return 1
    signage, used = build_signage(menu, cache)
    OUTPUT.write_text(json.dumps(signage, indent=1))
    log.info("wrote %s with %d items", OUTPUT, len(signage["items"]))
    if args.prune:
        log.info("pruned %d stale cache files", cache.prune(used))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
