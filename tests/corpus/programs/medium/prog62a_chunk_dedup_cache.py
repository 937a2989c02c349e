#!/usr/bin/env python3
"""Estimate deduplication savings before moving a folder into a borg repo.

Same chunker as the JSON variant but the index is persisted with pickle so
large runs can be resumed quickly; the cache lives in ./.chunkcache and can
also be seeded from a colleague's cache file passed with --seed.
"""
import argparse
import hashlib
import logging
import pickle
import shutil
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("chunkidx")
CACHE_DIR = Path(".chunkcache")
INDEX_FILE = CACHE_DIR / "index.pkl"
WINDOW = 48
MASK = (1 << 13) - 1
MIN_CHUNK, MAX_CHUNK = 2048, 65536


def chunks(data: bytes):
    start, rolling = 0, 0
    for i, byte in enumerate(data):
        rolling = ((rolling << 1) + byte) & 0xFFFFFFFF
        if i >= WINDOW:
            rolling ^= data[i - WINDOW]
        size = i - start + 1
        if (size >= MIN_CHUNK and (rolling & MASK) == 0) or size >= MAX_CHUNK:
            yield data[start:i + 1]
            start = i + 1
    if start < len(data):
        yield data[start:]


class ChunkIndex:
    def __init__(self):
        self.refs = Counter()
        self.sizes = {}

    @classmethod
    def load(cls, source: Path):
        if not source.exists():
            return cls()
        with source.open("rb") as fh:
            obj = pickle.load(fh)
        if not isinstance(obj, cls):
            raise TypeError(f"{source} does not contain a chunk index")
        return obj

    def save(self):
        CACHE_DIR.mkdir(exist_ok=True)
        with INDEX_FILE.open("wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def add_file(self, path: Path):
        for piece in chunks(path.read_bytes()):
            key = hashlib.md5(piece).hexdigest()
            self.refs[key] += 1
            self.sizes[key] = len(piece)

    def report(self):
        unique = sum(self.sizes.values())
        logical = sum(self.sizes[k] * n for k, n in self.refs.items())
        return logical, unique


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default=".")
    ap.add_argument("--clean", action="store_true", help="remove ./.chunkcache and exit")
    ap.add_argument("--seed", type=Path, help="start from another index.pkl")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        if CACHE_DIR.is_dir():
            shutil.rmtree(CACHE_DIR)
            log.info("cache cleared")
        return 0

    try:
        index = ChunkIndex.load(args.seed or INDEX_FILE)
    except (pickle.UnpicklingError, EOFError, TypeError) as exc:
        log.warning("ignoring unreadable index: %s", exc)
        index = ChunkIndex()

    count = 0
    for path in sorted(Path(args.folder).rglob("*")):
        if path.is_file() and CACHE_DIR not in path.parents:
            try:
                index.add_file(path)
                count += 1
            except OSError as exc:
                log.warning("skip %s: %s", path, exc)
    index.save()
    logical, unique = index.report()
    ratio = (logical / unique) if unique else 1.0
    log.info("%d files, %.1f MiB logical, %.1f MiB unique, dedup ratio %.2fx",
             count, logical / 2**20, unique / 2**20, ratio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
