#!/usr/bin/env python3
"""Disk-backed memoisation for slow feature-extraction steps.

Results are frozen into compact zlib-compressed blobs under .memo/ in the
project directory and thawed on the next run.
"""
import argparse
import functools
import hashlib
import logging
import time
import zlib
from pathlib import Path
from pickle import HIGHEST_PROTOCOL
from pickle import dumps as _freeze
from pickle import loads as _thaw

LOG = logging.getLogger("memo")
MAGIC = b"MEMO1"


class MemoStore:
    def __init__(self, root=".memo", ttl=7 * 86400):
        self.root = Path(root)
        self.ttl = ttl
        self.root.mkdir(exist_ok=True)
        self.hits = self.misses = 0

    def _path(self, fn_name, args, kwargs):
        digest = hashlib.sha256(repr((fn_name, args, sorted(kwargs.items()))).encode()).hexdigest()
        return self.root / fn_name / f"{digest[:2]}" / f"{digest}.bin"

    def get(self, path):
        if not path.exists() or time.time() - path.stat().st_mtime > self.ttl:
            return None, False
        blob = path.read_bytes()
        if not blob.startswith(MAGIC):
            LOG.warning("ignoring foreign file %s", path)
            return None, False
        return _thaw(zlib.decompress(blob[len(MAGIC):])), True

    def put(self, path, value):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(MAGIC + zlib.compress(_freeze(value, protocol=HIGHEST_PROTOCOL), 6))
        tmp.replace(path)

    def memoize(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            path = self._path(fn.__qualname__, args, kwargs)
            value, found = self.get(path)
            if found:
                self.hits += 1
                return value
            self.misses += 1
            value = fn(*args, **kwargs)
            self.put(path, value)
            return value
        return wrapper

    def purge(self):
        removed = 0
        for f in self.root.rglob("*.bin"):
            if time.time() - f.stat().st_mtime > self.ttl:
                f.unlink()
                removed += 1
        return removed


store = MemoStore()


@store.memoize
def ngram_profile(path, n=3):
    text = Path(path).read_text(encoding="utf-8", errors="replace").lower()
    counts = {}
    for i in range(len(text) - n + 1):
        gram = text[i:i + n]
        counts[gram] = counts.get(gram, 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1])[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="*")
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--purge", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.purge:
        LOG.info("purged %d stale entries", store.purge())
    for f in args.files:
        top = ngram_profile(f, n=args.n)
        LOG.info("%s: %s", f, ", ".join(g for g, _ in top[:5]))
    LOG.info("cache hits=%d misses=%d", store.hits, store.misses)


if __name__ == "__main__":
    main()
