#!/usr/bin/env python3
"""Fetch release metadata for a list of projects, caching parsed objects.

Cache entries live in ./.feedcache, keyed by the MD5 of the URL.  Parsed
Release objects are serialised whole so that reloading skips JSON parsing.
"""
import argparse
import hashlib
import json
import logging
import pickle as serializer
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("feedcache")
CACHE_DIR = Path(".feedcache")
API = "https://pypi.org/pypi/{name}/json"


@dataclass
class Release:
    name: str
    version: str
    summary: str
    files: list = field(default_factory=list)


class ObjectCache:
    def __init__(self, root: Path, ttl: int):
        self.root = root
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)

    def _path(self, url: str) -> Path:
        return self.root / (hashlib.md5(url.encode()).hexdigest() + ".bin")

    def get(self, url: str):
        p = self._path(url)
        if not p.exists() or time.time() - p.stat().st_mtime > self.ttl:
            return None
        try:
            with p.open("rb") as fh:
                return serializer.load(fh)
        except (serializer.UnpicklingError, EOFError):
            LOG.warning("corrupt cache entry %s", p.name)
            p.unlink(missing_ok=True)
            return None

    def put(self, url: str, obj) -> None:
        with self._path(url).open("wb") as fh:
            serializer.dump(obj, fh, protocol=serializer.HIGHEST_PROTOCOL)


def parse(doc: dict) -> Release:
    info = doc.get("info", {})
    files = [u.get("filename") for u in doc.get("urls", [])]
    return Release(info.get("name", "?"), info.get("version", "?"),
                   info.get("summary") or "", files)


def fetch(url: str, cache: ObjectCache, timeout: float) -> Release:
    hit = cache.get(url)
    if hit is not None:
        return hit
    req = Request(url, headers={"Accept": "application/json"})
    with urlopen(req, timeout=timeout) as resp:
        rel = parse(json.load(resp))
    cache.put(url, rel)
    return rel


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("projects", nargs="*", default=["requests", "attrs"])
    ap.add_argument("--ttl", type=int, default=3600)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--show-files", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = ObjectCache(CACHE_DIR, args.ttl)
    for name in args.projects:
        try:
            rel = fetch(API.format(name=name), cache, args.timeout)
        except OSError as exc:
            LOG.error("%s: %s", name, exc)
            continue
        print(f"{rel.name:20} {rel.version:12} {rel.summary[:50]}")
        if args.show_files:
            for fn in rel.files:
                print("    ", fn)


if __name__ == "__main__":
    main()
