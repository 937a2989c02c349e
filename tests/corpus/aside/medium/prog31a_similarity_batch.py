#!/usr/bin/env python3
"""Batch similarity checker for programming assignment submissions.

Same winnowing approach as the per-assignment report, but keeps one
shared fingerprint cache for the whole teaching team at a fixed
location so the TA cron jobs and the instructor's runs reuse it.
"""

import argparse
import hashlib
import io
import itertools
import keyword
import logging
import os
import pickle
import tokenize
from pathlib import Path

log = logging.getLogger("simbatch")
SHARED_CACHE = "/tmp/cs2100_simcheck_cache.pickle"


def normalise_python(source):
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                            tokenize.INDENT, tokenize.DEDENT):
                continue
            if tok.type == tokenize.NAME and not keyword.iskeyword(tok.string):
                out.append("ID")
            elif tok.type == tokenize.STRING:
                out.append("STR")
            elif tok.type == tokenize.NUMBER:
                out.append("NUM")
            elif tok.string:
                out.append(tok.string)
    except (tokenize.TokenError, SyntaxError):
        out = source.split()
    return out


def winnow(tokens, k=5, window=4):
    grams = [int(hashlib.sha256(" ".join(tokens[i:i + k]).encode()).hexdigest()[:8], 16)
             for i in range(max(0, len(tokens) - k + 1))]
    return {min(grams[i:i + window]) for i in range(max(0, len(grams) - window + 1))}


class SharedCache:
    """Dict of content-hash -> fingerprint set, persisted with pickle."""

    def __init__(self, path=SHARED_CACHE):
        self.path = path
        self.data = {}
        self.dirty = False

    def load(self):
        if os.path.exists(self.path):
            try:
                with open(self.path, "rb") as fh:
                    self.data = pickle.load(fh)
                log.info("loaded %d cached fingerprints", len(self.data))
            except (pickle.UnpicklingError, EOFError) as exc:
                log.warning("cache unreadable (%s); starting fresh", exc)
                self.data = {}

    def save(self):
        if not self.dirty:
            return
        with open(self.path, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        log.info("saved %d fingerprints to %s", len(self.data), self.path)

    def fingerprint(self, path):
        raw = path.read_bytes()
        key = hashlib.sha256(raw).hexdigest()
        if key not in self.data:
            self.data[key] = winnow(normalise_python(raw.decode("utf-8", "replace")))
            self.dirty = True
        return self.data[key]


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folders", nargs="+", help="assignment folders to compare")
    ap.add_argument("--pattern", default="**/*.py")
    ap.add_argument("--threshold", type=float, default=0.55)
    ap.add_argument("--cross-term", action="store_true",
                    help="also compare against previous terms' folders")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = SharedCache()
    cache.load()

    prints = {}
    for folder in args.folders:
        for f in sorted(Path(folder).glob(args.pattern)):
            try:
                prints[f] = cache.fingerprint(f)
            except OSError as exc:
                log.warning("skip %s: %s", f, exc)

    hits = []
    for a, b in itertools.combinations(prints, 2):
        if not args.cross_term and a.parts[0] != b.parts[0]:
            continue
        s = jaccard(prints[a], prints[b])
        if s >= args.threshold:
            hits.append((s, str(a), str(b)))

    for s, a, b in sorted(hits, reverse=True):
        print(f"{s:.3f}  {a}  {b}")
    cache.save()


if __name__ == "__main__":
    main()
