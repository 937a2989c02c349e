#!/usr/bin/env python3
"""Builds a searchable index of the flash and custom design library.

Scanning thousands of PSD/PNG files is slow on the design station, so the
index is cached between runs and only rebuilt when the library changes.
"""
import argparse
import hashlib
import logging
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("design-index")

CACHE_FILE = "/tmp/inkhouse_design_index.pkl"
LIBRARY = os.environ.get("DESIGN_LIBRARY", "designs")
EXTENSIONS = {".png", ".jpg", ".jpeg", ".psd", ".svg", ".procreate"}


@dataclass
class Design:
    path: str
    size: int
    modified: float
    tags: list = field(default_factory=list)


@dataclass
class DesignIndex:
    fingerprint: str
    built_at: float
    designs: list


def tags_from_path(path, root):
    rel = Path(path).relative_to(root)
    words = []
    for part in rel.with_suffix("").parts:
        words.extend(w.lower() for w in part.replace("-", "_").split("_") if w)
    return sorted(set(words))


def library_fingerprint(root):
    digest = hashlib.md5()
    for p in sorted(Path(root).rglob("*")):
        if p.suffix.lower() in EXTENSIONS:
            st = p.stat()
            digest.update("{}:{}:{}".format(p, st.st_size, int(st.st_mtime)).encode())
    return digest.hexdigest()


def scan(root):
    found = []
    for p in Path(root).rglob("*"):
        if p.suffix.lower() not in EXTENSIONS:
            continue
        st = p.stat()
        found.append(Design(str(p), st.st_size, st.st_mtime, tags_from_path(p, root)))
    return found


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(index):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(index, fh)


def get_index(root, force=False):
    fp = library_fingerprint(root)
    cached = None if force else load_cache()
    if cached is not None and cached.fingerprint == fp:
        log.info("using cached index from %s", time.ctime(cached.built_at))
        return cached
    log.info("rebuilding design index for %s", root)
    index = DesignIndex(fp, time.time(), scan(root))
    save_cache(index)
    return index


def search(index, terms):
    terms = [t.lower() for t in terms]
    for d in index.designs:
        if all(any(t in tag for tag in d.tags) for t in terms):
            yield d


def main():
    parser = argparse.ArgumentParser(description="Search the design library")
    parser.add_argument("terms", nargs="*", help="e.g. rose traditional")
    parser.add_argument("--library", default=LIBRARY)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--limit", type=int, default=25)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    index = get_index(args.library, force=args.rebuild)
    print("{} designs indexed".format(len(index.designs)))
    if not args.terms:
        return
    for n, d in enumerate(search(index, args.terms)):
        if n >= args.limit:
            break
        print("{:>8.1f} KB  {}".format(d.size / 1024, d.path))


if __name__ == "__main__":
    main()
