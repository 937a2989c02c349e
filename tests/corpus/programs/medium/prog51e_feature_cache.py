#!/usr/bin/env python3
"""Feature extraction with an on-disk cache.

The ``extract`` stage computes per-document token statistics and stores the
resulting objects in ./.featcache/<key>.pkl; the ``report`` stage (and the
training notebook) loads the cached objects back instead of recomputing.
"""
import argparse
import collections
import hashlib
import logging
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("features")
CACHE = Path(".featcache")
TOKEN_RE = re.compile(r"[A-Za-z][A-Za-z0-9_']+")


@dataclass
class DocFeatures:
    path: str
    n_tokens: int
    vocab: collections.Counter = field(default_factory=collections.Counter)

    def top(self, k=10):
        return self.vocab.most_common(k)


def cache_key(path):
    st = path.stat()
    raw = f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def extract_one(path):
    text = path.read_text(encoding="utf-8", errors="replace").lower()
    tokens = TOKEN_RE.findall(text)
    return DocFeatures(str(path), len(tokens), collections.Counter(tokens))


def extract(corpus_dir, pattern):
    CACHE.mkdir(exist_ok=True)
    hits = misses = 0
    for doc in sorted(Path(corpus_dir).rglob(pattern)):
        target = CACHE / f"{cache_key(doc)}.pkl"
        if target.exists():
            hits += 1
            continue
        feats = extract_one(doc)
        with target.open("wb") as fh:
            pickle.dump(feats, fh, protocol=pickle.HIGHEST_PROTOCOL)
        misses += 1
    log.info("cache hits=%d misses=%d", hits, misses)


def load_all():
    loaded = []
    for blob in CACHE.glob("*.pkl"):
        try:
            loaded.append(pickle.loads(blob.read_bytes()))
        except (pickle.UnpicklingError, EOFError) as exc:
            log.warning("dropping corrupt cache entry %s: %s", blob.name, exc)
            blob.unlink()
    return loaded


def report(k):
    docs = load_all()
    if not docs:
        print("cache is empty; run extract first")
        return
    total = collections.Counter()
    for d in docs:
        total.update(d.vocab)
    print(f"{len(docs)} documents, {sum(d.n_tokens for d in docs)} tokens")
    for word, n in total.most_common(k):
        print(f"{word:<24}{n:>8}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("stage", choices=["extract", "report", "purge"])
    ap.add_argument("--corpus", default="corpus")
    ap.add_argument("--glob", default="*.txt")
    ap.add_argument("-k", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.stage == "extract":
        extract(args.corpus, args.glob)
    elif args.stage == "report":
        report(args.k)
    else:
        for blob in CACHE.glob("*.pkl"):
            blob.unlink()


if __name__ == "__main__":
    main()
