#!/usr/bin/env python3
"""Backup manifest for the drawings project folder.

Walks the working directory (instrument drawings, templates, build notes),
records a SHA-256 per file so the weekly USB backup can be verified, and
keeps a small MD5-keyed cache so unchanged files are not re-hashed.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("manifest")

CACHE_DIR = Path(".manifest_cache")
SKIP_DIRS = {".git", ".manifest_cache", "__pycache__", "build"}


@dataclass
class Entry:
    path: str
    size: int
    mtime: float
    sha256: str


def cache_key(path: Path, st: os.stat_result) -> str:
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def walk(root: Path):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for name in files:
            yield Path(dirpath) / name


async def hash_one(path: Path, sem, used):
    st = path.stat()
    key = cache_key(path, st)
    used.add(key)
    cached = CACHE_DIR / key
    if cached.exists():
        value = cached.read_text()
    else:
        async with sem:
            value = await asyncio.to_thread(digest, path)
        cached.write_text(value)
    return Entry(str(path), st.st_size, st.st_mtime, value)


def prune_cache(used):
    removed = 0
    for f in CACHE_DIR.iterdir():
        if f.name not in used:
            f.unlink()
            removed += 1
    return removed


def write_manifest(entries, target: Path):
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".manifest-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump([e.__dict__ for e in entries], fh, indent=1)
    os.chmod(tmp, 0o600)
    os.replace(tmp, target)


async def run(root: Path, target: Path, jobs: int):
    CACHE_DIR.mkdir(exist_ok=True)
    sem = asyncio.Semaphore(jobs)
    used = set()
    files = [p for p in walk(root) if p.resolve() != target.resolve()]
    entries = await asyncio.gather(*(hash_one(p, sem, used) for p in files))
    write_manifest(sorted(entries, key=lambda e: e.path), target)
    log.info("%d files recorded, %d stale cache entries removed",
             len(entries), prune_cache(used))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="MANIFEST.json")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    asyncio.run(run(Path("."), Path(args.out), args.jobs))


if __name__ == "__main__":
    main()
