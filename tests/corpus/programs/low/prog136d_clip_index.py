#!/usr/bin/env python3
"""Build the clip index the GM dashboard uses for session replays.

Scans ./clips/<session>/ for camera clips and their poster images, caches
per-clip metadata under ./.clipcache (keyed by an MD5 of path+size+mtime so
unchanged clips are skipped), and writes clips/index.json atomically. Poster
images are inlined as base64 data URIs so the dashboard needs a single fetch.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("clip-index")

CLIPS = Path("clips")
CACHE = Path(".clipcache")
VIDEO_EXT = {".mp4", ".mkv", ".webm"}
MAX_POSTER = 64 * 1024


def cache_key(path):
    st = path.stat()
    raw = f"{path.as_posix()}|{st.st_size}|{int(st.st_mtime)}"
    return hashlib.md5(raw.encode()).hexdigest()


def poster_for(clip):
    for ext in (".jpg", ".png"):
        p = clip.with_suffix(ext)
        if p.exists() and p.stat().st_size <= MAX_POSTER:
            mime = "image/jpeg" if ext == ".jpg" else "image/png"
            return f"data:{mime};base64," + base64.b64encode(p.read_bytes()).decode("ascii")
    return None


class ClipIndexer:
    def __init__(self, clips=CLIPS, cache=CACHE):
        self.clips = clips
        self.cache = cache
        self.cache.mkdir(exist_ok=True)
        self.hits = self.misses = 0

    def describe(self, clip):
        key = cache_key(clip)
        cached = self.cache / f"{key}.json"
        if cached.exists():
            self.hits += 1
            return json.loads(cached.read_text())
        self.misses += 1
        entry = {
            "session": clip.parent.name,
            "file": clip.relative_to(self.clips).as_posix(),
            "bytes": clip.stat().st_size,
            "camera": clip.stem.split("_")[0],
            "poster": poster_for(clip),
        }
        cached.write_text(json.dumps(entry))
        return entry

    def build(self):
        entries = []
        for clip in sorted(self.clips.rglob("*")):
            if clip.suffix.lower() in VIDEO_EXT and clip.is_file():
                entries.append(self.describe(clip))
        return entries


def write_index(entries, dest):
    payload = {"generated": time.time(), "clips": entries}
    # write next to the target, then swap in, so the dashboard never reads half a file
    fd, tmp = tempfile.mkstemp(prefix=".index-", suffix=".json", dir=dest.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(payload, fh)
        os.chmod(tmp, 0o600)
        os.replace(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def prune_cache(cache, max_age_days):
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for p in cache.glob("*.json"):
        if p.stat().st_mtime < cutoff:
            p.unlink()
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rebuild", action="store_true", help="drop the cache first")
    ap.add_argument("--max-age", type=int, default=30, help="cache entry age limit (days)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not CLIPS.is_dir():
        LOG.error("no ./clips directory here")
        return 1
    if args.rebuild and CACHE.exists():
        shutil.rmtree(CACHE)
        LOG.info("cache cleared")

    indexer = ClipIndexer()
    entries = indexer.build()
    write_index(entries, CLIPS / "index.json")
    removed = prune_cache(CACHE, args.max_age)
    LOG.info("%d clips indexed (%d cached, %d new), %d stale cache entries removed",
             len(entries), indexer.hits, indexer.misses, removed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
