#!/usr/bin/env python3
"""asset_cache_keys.py - compute cache keys for imported game assets and
check which ones the shared build cache on the CDN already has.

Input paths come from a pipe (e.g. `git diff --name-only | asset_cache_keys.py -`)
or, without "-", from walking the Assets/ folder. Results go to
build/cache-manifest.json; stale local cache entries in .build-cache/ are
removed. The importer version is taken from IMPORTER_VERSION.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

LOG = logging.getLogger("cache-keys")
CDN = "https://cache.example.com/unity-import"
LOCAL_CACHE = Path(".build-cache")
ASSET_EXT = {".png", ".tga", ".psd", ".fbx", ".wav", ".ogg", ".shader", ".mat", ".anim"}


def cpu_count_from_proc() -> int:
    try:
        with open("/proc/cpuinfo") as fh:
            n = sum(1 for line in fh if line.startswith("processor"))
        return max(1, n)
    except OSError:
        return os.cpu_count() or 2


class CacheKeyer:
    def __init__(self, importer_version: str):
        self.importer_version = importer_version

    def key_for(self, path: Path) -> str:
        # MD5 is only a cache key here: content + importer version.
        h = hashlib.md5()
        h.update(self.importer_version.encode())
        with path.open("rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        return h.hexdigest()


def cdn_has(key: str, timeout: float) -> bool:
    req = urllib.request.Request(f"{CDN}/{key}", method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status == 200
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            LOG.debug("HEAD %s -> %d", key, exc.code)
        return False
    except (urllib.error.URLError, TimeoutError):
        return False


def input_paths(from_stdin: bool, root: Path):
    if from_stdin:
        for line in sys.stdin:
            p = Path(line.strip())
            if p.suffix.lower() in ASSET_EXT and p.is_file():
                yield p
    else:
        for p in root.rglob("*"):
            if p.suffix.lower() in ASSET_EXT and p.is_file():
                yield p


def prune_local_cache(keep: set, max_age_days: int) -> int:
    if not LOCAL_CACHE.is_dir():
        return 0
    removed = 0
    cutoff = time.time() - max_age_days * 86400
    for entry in LOCAL_CACHE.iterdir():
        if entry.is_file() and entry.name not in keep and entry.stat().st_mtime < cutoff:
            entry.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", default="Assets", help='"-" to read paths from stdin')
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--max-age", type=int, default=14, help="days before local entries expire")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    keyer = CacheKeyer(os.environ.get("IMPORTER_VERSION", "unity-2022.3"))
    paths = list(input_paths(args.source == "-", Path(args.source)))
    LOG.info("%d assets to key", len(paths))

    keys = {}
    for p in paths:
        try:
            keys[str(p)] = keyer.key_for(p)
        except OSError as exc:
            LOG.warning("cannot read %s: %s", p, exc)

    workers = min(16, cpu_count_from_proc() * 2)
    unique = sorted(set(keys.values()))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        present = dict(zip(unique, pool.map(lambda k: cdn_has(k, args.timeout), unique)))

    manifest = {
        "importer": keyer.importer_version,
        "assets": {p: {"key": k, "cached": present.get(k, False)} for p, k in keys.items()},
    }
    out = Path("build") / "cache-manifest.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(manifest, indent=2, sort_keys=True))

    hits = sum(1 for v in present.values() if v)
    removed = prune_local_cache(set(unique), args.max_age)
    LOG.info("cache hits %d/%d, %d stale local entries removed, manifest %s",
             hits, len(unique), removed, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
