#!/usr/bin/env python3
"""Prune the local thumbnail cache of season-pass photos.

The pass office app keeps resized photos in ./photo_cache keyed by the MD5
of the source path. This removes thumbnails whose source photo is gone or
which have not been used for a while, and rewrites the cache index.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("photo-cache")

CACHE = Path(os.environ.get("PHOTO_CACHE", "photo_cache"))
INDEX = CACHE / "index.json"


@dataclass
class Entry:
    key: str
    source: str
    last_used: float


def cache_key(source: str) -> str:
    return hashlib.md5(source.encode("utf-8")).hexdigest()


def load_index() -> dict:
    if not INDEX.exists():
        return {}
    raw = json.loads(INDEX.read_text())
    return {k: Entry(k, v["source"], v["last_used"]) for k, v in raw.items()}


def save_index(entries: dict) -> None:
    INDEX.write_text(json.dumps({k: {"source": e.source, "last_used": e.last_used} for k, e in entries.items()}, indent=1))
    os.chmod(INDEX, 0o600)


def stale(entry: Entry, max_age_days: int) -> bool:
    too_old = time.time() - entry.last_used > max_age_days * 86400
    return too_old or not Path(entry.source).exists()


RULES = {
    "orphan": lambda e, _d: not Path(e.source).exists(),
    "stale": stale,
    "mismatch": lambda e, _d: cache_key(e.source) != e.key,
}


def prune(entries: dict, max_age_days: int, dry_run: bool) -> int:
    removed = 0
    for key in list(entries):
        entry = entries[key]
        reason = next((name for name, rule in RULES.items() if rule(entry, max_age_days)), None)
        if not reason:
            continue
        thumb = CACHE / f"{key}.jpg"
        log.info("%s %s (%s)", "would remove" if dry_run else "removing", thumb.name, reason)
        if not dry_run:
            thumb.unlink(missing_ok=True)
            del entries[key]
        removed += 1
    return removed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-age-days", type=int, default=int(os.environ.get("PHOTO_CACHE_DAYS", "30")))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not CACHE.is_dir():
        log.info("no cache directory %s", CACHE)
        return
    entries = load_index()
    removed = prune(entries, args.max_age_days, args.dry_run)
    if not args.dry_run:
        save_index(entries)
    log.info("%d of %d thumbnails pruned", removed, removed + len(entries) if not args.dry_run else len(entries))


if __name__ == "__main__":
    main()
