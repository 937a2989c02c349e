#!/usr/bin/env python3
"""Fetch release metadata for a list of projects, caching responses on disk.

Cache entries live in ./.feedcache, keyed by the MD5 of the URL, and are
stored as zlib-compressed JSON so the directory stays small.
"""
import argparse
import hashlib
import json
import logging
import time
import zlib
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("feedcache")
CACHE_DIR = Path(".feedcache")
API = "https://pypi.org/pypi/{name}/json"


class FeedCache:
    def __init__(self, root: Path, ttl: int):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url: str) -> Path:
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return self.root / f"{key}.json.z"

    def get(self, url: str):
        p = self._path(url)
        if not p.exists() or time.time() - p.stat().st_mtime > self.ttl:
            return None
        try:
            return json.loads(zlib.decompress(p.read_bytes()).decode("utf-8"))
        except (zlib.error, ValueError):
            LOG.warning("corrupt cache entry %s, dropping", p.name)
            p.unlink(missing_ok=True)
            return None

    def put(self, url: str, doc) -> None:
        blob = zlib.compress(json.dumps(doc, separators=(",", ":")).encode(), 6)
        p = self._path(url)
        p.write_bytes(blob)
        p.chmod(0o600)

    def purge(self) -> int:
        n = 0
        for entry in self.root.glob("*.json.z"):
            entry.unlink()
            n += 1
        return n


def fetch(url: str, cache: FeedCache, timeout: float):
    hit = cache.get(url)
    if hit is not None:
        LOG.debug("cache hit %s", url)
        return hit
    req = Request(url, headers={"Accept": "application/json",
                                "User-Agent": "feedcache/1.2"})
    with urlopen(req, timeout=timeout) as resp:
        doc = json.load(resp)
    cache.put(url, doc)
    return doc


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("projects", nargs="*", default=["requests", "attrs"])
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--purge", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    cache = FeedCache(CACHE_DIR, args.ttl)
    if args.purge:
        LOG.info("removed %d cache entries", cache.purge())
        return
    for name in args.projects:
        try:
            doc = fetch(API.format(name=name), cache, args.timeout)
        except OSError as exc:
            LOG.error("%s: %s", name, exc)
            continue
        info = doc.get("info", {})
        print(f"{name:20} {info.get('version', '?'):12} {info.get('summary', '')[:50]}")


if __name__ == "__main__":
    main()
