#!/usr/bin/env python3
"""Maintain the local resized-photo cache used by the catalogue builder.

Resized lot photographs are cached under ./.photo_cache keyed by a hash of
the source path, size and modification time. This tool reports on the cache,
removes stale entries, and can wipe the cache and the ./build output so the
catalogue is rebuilt from scratch.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import tempfile
import time
from pathlib import Path

log = logging.getLogger("phototidy")

ROOT = Path.cwd()
CACHE = ROOT / ".photo_cache"
BUILD = ROOT / "build"
INDEX = CACHE / "index.json"


def cache_key(src: Path, width: int) -> str:
    """Stable key for a resized image; not used for anything secret."""
    st = src.stat()
    raw = "%s|%d|%d" % (src.resolve(), width, int(st.st_mtime))
    return hashlib.md5(raw.encode(), usedforsecurity=False).hexdigest()


def inside_project(path: Path) -> bool:
    try:
        path.resolve().relative_to(ROOT.resolve())
        return True
    except ValueError:
        return False


class CacheIndex:
    def __init__(self):
        self.entries = {}
        if INDEX.exists():
            self.entries = json.loads(INDEX.read_text())

    def save(self):
        CACHE.mkdir(exist_ok=True)
        # write atomically through a temp file in the cache folder
        fd, tmp = tempfile.mkstemp(dir=CACHE, prefix="index.", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(self.entries, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, INDEX)

    def stale(self, max_age_days):
        cutoff = time.time() - max_age_days * 86400
        for key, meta in list(self.entries.items()):
            src = Path(meta["src"])
            if not src.exists() or meta.get("used", 0) < cutoff:
                yield key
            elif cache_key(src, meta["width"]) != key:
                yield key


def report(index):
    total = 0
    for f in CACHE.glob("*.jpg"):
        total += f.stat().st_size
    log.info("%d cache entries, %.1f MB on disk", len(index.entries), total / 1e6)


def prune(index, max_age_days, dry_run):
    removed = 0
    for key in list(index.stale(max_age_days)):
        f = CACHE / (key + ".jpg")
        if dry_run:
            log.info("would remove %s", f.name)
        else:
            f.unlink(missing_ok=True)
            index.entries.pop(key, None)
        removed += 1
    if not dry_run:
        index.save()
    log.info("%d stale entries %s", removed, "found" if dry_run else "removed")


def wipe(dry_run):
    for target in (CACHE, BUILD):
        if not target.exists():
            continue
        if not inside_project(target) or target == ROOT:
            log.error("refusing to remove %s", target)
            continue
        if dry_run:
            log.info("would remove %s", target)
        else:
            shutil.rmtree(target)
            log.info("removed %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=["report", "prune", "wipe"])
    ap.add_argument("--max-age", type=int, default=30, help="days")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.command == "wipe":
        wipe(args.dry_run)
        return 0
    index = CacheIndex()
    if args.command == "report":
        report(index)
    else:
        prune(index, args.max_age, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
