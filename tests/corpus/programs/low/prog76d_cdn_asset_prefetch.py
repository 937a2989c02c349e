#!/usr/bin/env python3
"""Prefetch playlist media from the CDN into the local asset cache.

Walks the playlist in the working directory, downloads every referenced
asset that is not cached yet, and prunes cache entries no playlist item
points to anymore. Cache files are named by the MD5 of the asset URL so
query-string variants of the same file do not collide.
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
from pathlib import Path

LOG = logging.getLogger("prefetch")
CHUNK = 1 << 16


def cache_key(url):
    suffix = Path(url.split("?", 1)[0]).suffix.lower()[:8]
    return hashlib.md5(url.encode("utf-8")).hexdigest() + suffix


def iter_assets(playlist):
    for item in playlist.get("items", []):
        if item.get("type") in ("image", "video", "html5") and item.get("src"):
            yield item["src"]
        for extra in item.get("preload", []):
            yield extra


def download(url, dest, timeout, user_agent):
    req = urllib.request.Request(url, headers={"User-Agent": user_agent})
    partial = dest.with_suffix(dest.suffix + ".part")
    with urllib.request.urlopen(req, timeout=timeout) as resp, open(partial, "wb") as out:
        total = 0
        while True:
            block = resp.read(CHUNK)
            if not block:
                break
            out.write(block)
            total += len(block)
    partial.replace(dest)
    return total


def fetch_all(urls, cache_dir, timeout, retries, user_agent):
    fetched = skipped = failed = 0
    for url in urls:
        dest = cache_dir / cache_key(url)
        if dest.exists() and dest.stat().st_size > 0:
            skipped += 1
            continue
        for attempt in range(1, retries + 1):
            try:
                size = download(url, dest, timeout, user_agent)
                LOG.info("cached %s (%d bytes)", url, size)
                fetched += 1
                break
            except (urllib.error.URLError, OSError) as exc:
                LOG.warning("%s: %s (attempt %d/%d)", url, exc, attempt, retries)
                time.sleep(min(30, 2 ** attempt))
        else:
            failed += 1
    return fetched, skipped, failed


def prune(cache_dir, keep):
    removed = 0
    for entry in cache_dir.iterdir():
        if entry.is_file() and (entry.name not in keep or entry.suffix == ".part"):
            entry.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playlist", default="playlist.json")
    ap.add_argument("--cache-dir", default="asset_cache")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.playlist, encoding="utf-8") as fh:
            playlist = json.load(fh)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load %s: %s", args.playlist, exc)
        return 2

    cache_dir = Path(args.cache_dir)
    cache_dir.mkdir(parents=True, exist_ok=True)
    urls = sorted(set(iter_assets(playlist)))
    ua = f"signage-prefetch/2.1 ({os.uname().nodename})"

    fetched, skipped, failed = fetch_all(urls, cache_dir, args.timeout, args.retries, ua)
    removed = 0 if args.no_prune else prune(cache_dir, {cache_key(u) for u in urls})

    index = {u: cache_key(u) for u in urls}
    index_path = cache_dir / "index.json"
    index_path.write_text(json.dumps(index, indent=1), encoding="utf-8")
    os.chmod(index_path, 0o600)

    LOG.info("fetched=%d cached=%d failed=%d pruned=%d", fetched, skipped, failed, removed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
