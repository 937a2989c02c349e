#!/usr/bin/env python3
"""On-disk cache for expensive feature extraction.

Feature vectors for input documents are cached under ./.featcache keyed by
an MD5 of the document text and the extractor version. The serializer
module is configurable in featcache.json ("pickle" by default, "json" for
portable caches).
"""
import argparse
import hashlib
import importlib
import json
import logging
import math
import re
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("featcache")

EXTRACTOR_VERSION = "3"
DEFAULTS = {"serializer": "pickle", "cache_dir": ".featcache", "binary": True}
TOKEN_RE = re.compile(r"[a-z0-9']+")


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULTS)
    if path.exists():
        try:
            settings.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring bad settings file %s: %s", path, exc)
    return settings


class FeatureCache:
    def __init__(self, settings: dict):
        self.codec = importlib.import_module(settings["serializer"])
        self.binary = bool(settings.get("binary", True))
        self.root = Path(settings["cache_dir"])
        self.root.mkdir(parents=True, exist_ok=True)
        self.hits = self.misses = 0

    def _key(self, text: str) -> Path:
        digest = hashlib.md5(f"{EXTRACTOR_VERSION}:{text}".encode()).hexdigest()
        return self.root / digest[:2] / f"{digest}.bin"

    def get(self, text: str):
        path = self._key(text)
        if not path.exists():
            self.misses += 1
            return None
        mode = "rb" if self.binary else "r"
        with path.open(mode) as fh:
            self.hits += 1
            return self.codec.load(fh)

    def put(self, text: str, features) -> None:
        path = self._key(text)
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = "wb" if self.binary else "w"
        with path.open(mode) as fh:
            self.codec.dump(features, fh)


def extract(text: str) -> dict:
    tokens = TOKEN_RE.findall(text.lower())
    counts = Counter(tokens)
    total = sum(counts.values()) or 1
    return {
        "length": len(tokens),
        "unique": len(counts),
        "entropy": -sum((c / total) * math.log2(c / total) for c in counts.values()),
        "top": counts.most_common(10),
    }


def process(paths, cache: FeatureCache):
    for p in paths:
        try:
            text = Path(p).read_text(errors="replace")
        except OSError as exc:
            log.error("cannot read %s: %s", p, exc)
            continue
        feats = cache.get(text)
        if feats is None:
            feats = extract(text)
            cache.put(text, feats)
        yield p, feats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("documents", nargs="+")
    ap.add_argument("--settings", default="featcache.json")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    cache = FeatureCache(load_settings(Path(args.settings)))
    for path, feats in process(args.documents, cache):
        top = ", ".join(f"{w}:{n}" for w, n in feats["top"][:5])
        print(f"{path}: tokens={feats['length']} unique={feats['unique']} "
              f"H={feats['entropy']:.2f} top=[{top}]")
    log.info("cache hits=%d misses=%d", cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
