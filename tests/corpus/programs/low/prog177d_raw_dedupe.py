#!/usr/bin/env python3
"""Find duplicate RAW files in a shoot folder.

Second shooters often hand over cards that were already partly copied.
This walks the working directory, fingerprints every RAW file and lists
duplicates so they can be reviewed before culling.
"""
import argparse
import hashlib
import json
import logging
import os
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("raw-dedupe")

RAW_EXT = {".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng", ".orf"}
CACHE_FILE = Path(".dedupe_cache.json")
CHUNK = 1 << 20


def load_cache() -> dict:
    if CACHE_FILE.exists():
        try:
            return json.loads(CACHE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("cache unreadable, rebuilding")
    return {}


def save_cache(cache: dict) -> None:
    CACHE_FILE.write_text(json.dumps(cache))
    os.chmod(CACHE_FILE, 0o600)


def fingerprint(path: Path, cache: dict) -> str:
    st = path.stat()
    key = hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()
    if key in cache:
        return cache[key]
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    cache[key] = h.hexdigest()
    return cache[key]


def scan(root: Path, cache: dict) -> dict:
    groups = defaultdict(list)
    count = 0
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix.lower() not in RAW_EXT:
                continue
            groups[fingerprint(path, cache)].append(path)
            count += 1
    log.info("fingerprinted %d RAW files", count)
    return {digest: paths for digest, paths in groups.items() if len(paths) > 1}


def main() -> None:
    parser = argparse.ArgumentParser(description="List duplicate RAW files")
    parser.add_argument("root", type=Path, nargs="?", default=Path("."))
    parser.add_argument("--list", type=Path, default=Path("duplicates.txt"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_FILE.exists():
        CACHE_FILE.unlink()
        log.info("cache cleared")

    cache = load_cache()
    dupes = scan(args.root, cache)
    save_cache(cache)

    wasted = 0
    with args.list.open("w", encoding="utf-8") as out:
        for digest, paths in sorted(dupes.items(), key=lambda kv: str(kv[1][0])):
            size = paths[0].stat().st_size
            wasted += size * (len(paths) - 1)
            out.write(f"# {digest[:16]}  {size / 1e6:.1f} MB\n")
            for p in sorted(paths):
                out.write(f"{p}\n")
            out.write("\n")
    log.info("%d duplicate groups, %.1f GB reclaimable, see %s",
             len(dupes), wasted / 1e9, args.list)


if __name__ == "__main__":
    main()
