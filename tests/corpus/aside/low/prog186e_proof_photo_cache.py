#!/usr/bin/env python3
"""Index proof-of-delivery photos for the BoxPoint claims desk.

Walks the photos the couriers uploaded into ./proof_photos, keeps a cache
of small inline previews keyed by content hash, drops stale cache entries
and writes an index the claims web page loads.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("proofcache")

PHOTO_EXTS = (".jpg", ".jpeg", ".png", ".webp")
PREVIEW_BYTES = 48 * 1024

HANDLERS = {}


def handles(*exts):
    def reg(fn):
        for e in exts:
            HANDLERS[e] = fn
        return fn
    return reg


@dataclass
class Entry:
    path: str
    key: str
    size: int
    mtime: float
    preview: str = ""


def cache_key(data):
    # content fingerprint for the cache file name only
    return hashlib.md5(data).hexdigest()


@handles(*PHOTO_EXTS)
def preview_for(path, data):
    if len(data) > PREVIEW_BYTES:
        return ""
    mime = "image/png" if path.suffix == ".png" else "image/jpeg"
    return "data:%s;base64,%s" % (mime, base64.b64encode(data).decode())


def scan(root, cache):
    entries = []
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            handler = HANDLERS.get(p.suffix.lower())
            if handler is None:
                continue
            data = p.read_bytes()
            key = cache_key(data)
            cfile = cache / (key + ".json")
            if cfile.exists():
                entries.append(Entry(**json.loads(cfile.read_text())))
                continue
            st = p.stat()
            e = Entry(str(p.relative_to(root)), key, st.st_size, st.st_mtime, handler(p, data))
            cfile.write_text(json.dumps(e.__dict__))
            os.chmod(cfile, 0o600)
            entries.append(e)
    return entries


def prune(cache, live_keys, max_age_days):
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for f in cache.glob("*.json"):
        if f.stem not in live_keys and f.stat().st_mtime < cutoff:
            f.unlink()
            removed += 1
    log.info("pruned %d stale cache entries", removed)


def main():
    ap = argparse.ArgumentParser(description="proof photo index builder")
    ap.add_argument("--root", default="proof_photos")
    ap.add_argument("--cache", default=".proof_cache")
    ap.add_argument("--index", default="proof_index.json")
    ap.add_argument("--max-age", type=int, default=int(os.environ.get("BP_CACHE_DAYS", "30")))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root, cache = Path(args.root), Path(args.cache)
    cache.mkdir(exist_ok=True)
    if not root.is_dir():
        log.error("no %s directory here", root)
        return 1
    entries = scan(root, cache)
    prune(cache, {e.key for e in entries}, args.max_age)
    Path(args.index).write_text(json.dumps([e.__dict__ for e in entries], indent=1))
    log.info("indexed %d photos into %s", len(entries), args.index)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
