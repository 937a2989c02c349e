#!/usr/bin/env python3
"""Local cache for published LED light recipes.

The tower controllers ask this tool for recipes instead of hitting the
recipe server each time. Recipes are fetched over HTTPS, stored under
./.recipe-cache keyed by an MD5 of the URL, and written atomically so a
half-written file never reaches a tower. Recipe preview images are kept
base64-encoded inside the JSON so one file holds everything.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import tempfile
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("recipe-cache")

SERVER = "https://recipes.example.com/v2"
CACHE_DIR = Path(".recipe-cache")
MAX_AGE_S = 6 * 3600


def cache_key(url: str) -> str:
    # MD5 is fine here: it only names cache files
    return hashlib.md5(url.encode()).hexdigest()


def fetch(url: str, timeout: int = 10) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "recipe-cache/1.2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


class RecipeCache:
    def __init__(self, root: Path, max_age: int):
        self.root = root
        self.max_age = max_age
        self.root.mkdir(exist_ok=True)
        os.chmod(self.root, 0o700)

    def _path(self, url):
        return self.root / f"{cache_key(url)}.json"

    def _write_atomic(self, path: Path, data: dict):
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(data, fh)
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise

    def get(self, crop: str, refresh=False) -> dict:
        url = f"{SERVER}/crops/{crop}/recipe.json"
        path = self._path(url)
        if not refresh and path.exists() and time.time() - path.stat().st_mtime < self.max_age:
            LOG.debug("cache hit %s", crop)
            return json.loads(path.read_text())
        LOG.info("fetching %s", url)
        recipe = json.loads(fetch(url))
        preview_url = recipe.get("preview")
        if preview_url:
            try:
                recipe["preview_b64"] = base64.b64encode(fetch(preview_url)).decode()
            except OSError as exc:
                LOG.warning("no preview for %s: %s", crop, exc)
        self._write_atomic(path, recipe)
        return recipe

    def prune(self):
        removed = 0
        for p in self.root.glob("*.json"):
            if time.time() - p.stat().st_mtime > 4 * self.max_age:
                p.unlink()
                removed += 1
        return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("crops", nargs="*", default=["lettuce-butterhead", "basil-genovese"])
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--prune", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = RecipeCache(CACHE_DIR, MAX_AGE_S)
    if args.prune:
        LOG.info("pruned %d stale entries", cache.prune())
    for crop in args.crops:
        try:
            r = cache.get(crop, refresh=args.refresh)
            LOG.info("%s: %d steps", crop, len(r.get("schedule", [])))
        except (OSError, ValueError) as exc:
            LOG.error("%s: %s", crop, exc)


if __name__ == "__main__":
    main()
