#!/usr/bin/env python3
"""Tidy the grading-photo thumbnail cache for the shell-shape study.

Walks the project's photo folder, builds missing thumbnail cache entries
keyed by an MD5 of the source path and mtime, and drops cache entries whose
source photo is gone. Only touches ./build/thumb_cache inside the project.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("photo-cache")

PROJECT = Path.cwd()
CACHE_DIR = PROJECT / "build" / "thumb_cache"
INDEX = CACHE_DIR / "index.json"
PHOTO_EXT = {".jpg", ".jpeg", ".png"}


@dataclass
class Entry:
    source: Path
    key: str


def cache_key(p: Path) -> str:
    st = p.stat()
    return hashlib.md5(f"{p.resolve()}:{st.st_mtime_ns}".encode()).hexdigest()


def cpu_count_hint():
    try:
        text = Path("/proc/cpuinfo").read_text()
        return max(1, text.count("processor\t:"))
    except OSError:
        return 1


def scan(photo_root: Path):
    for p in sorted(photo_root.rglob("*")):
        if p.suffix.lower() in PHOTO_EXT and CACHE_DIR not in p.parents:
            yield Entry(p, cache_key(p))


def make_thumb(entry: Entry, size):
    image_mod = importlib.import_module("PIL.Image")
    with getattr(image_mod, "open")(entry.source) as img:
        img.thumbnail((size, size))
        img.convert("RGB").save(CACHE_DIR / f"{entry.key}.jpg", "JPEG", quality=80)


def prune(live_keys):
    removed = 0
    for thumb in CACHE_DIR.glob("*.jpg"):
        if thumb.stem not in live_keys:
            thumb.unlink()
            removed += 1
    return removed


ACTIONS = {
    "build": lambda entries, args: sum(
        1 for e in entries
        if not (CACHE_DIR / f"{e.key}.jpg").exists() and make_thumb(e, args.size) is None),
    "prune": lambda entries, args: prune({e.key for e in entries}),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, default=PROJECT / "photos")
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("actions", nargs="*", default=["build", "prune"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    entries = list(scan(args.photos))
    log.info("%d photos found (%d cpus available)", len(entries), cpu_count_hint())
    results = {}
    for action in args.actions:
        fn = ACTIONS.get(action)
        if fn:
            results[action] = fn(entries, args)
            log.info("%s: %d", action, results[action])
    INDEX.write_text(json.dumps({e.key: str(e.source.resolve().relative_to(PROJECT))
                                 for e in entries if PROJECT in e.source.resolve().parents}, indent=1))
    os.chmod(INDEX, 0o600)


if __name__ == "__main__":
    main()
