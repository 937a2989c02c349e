#!/usr/bin/env python3
"""Pairwise similarity report for a folder of student submissions.

Normalises each submission (strips comments, whitespace and identifier
names), fingerprints it with k-gram winnowing and reports pairs whose
Jaccard similarity exceeds a threshold.  Fingerprints are cached in
./.simcache/ keyed by the MD5 of the file contents so re-runs are fast.
"""

import argparse
import hashlib
import io
import itertools
import json
import keyword
import logging
import os
import tokenize
from pathlib import Path

log = logging.getLogger("simcheck")
CACHE_DIR = Path(".simcache")


def normalise_python(source):
    """Return a token stream with identifiers and literals abstracted away."""
    out = []
    try:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        for tok in tokens:
            if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                            tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING):
                continue
            if tok.type == tokenize.NAME and not keyword.iskeyword(tok.string):
                out.append("ID")
            elif tok.type == tokenize.STRING:
                out.append("STR")
            elif tok.type == tokenize.NUMBER:
                out.append("NUM")
            elif tok.string:
                out.append(tok.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        out = source.split()
    return out


def winnow(tokens, k=5, window=4):
    grams = [hash(" ".join(tokens[i:i + k])) & 0xFFFFFFFF
             for i in range(max(0, len(tokens) - k + 1))]
    prints = set()
    for i in range(max(0, len(grams) - window + 1)):
        prints.add(min(grams[i:i + window]))
    return prints


class FingerprintCache:
    def __init__(self, directory=CACHE_DIR):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)

    def _key(self, data):
        return hashlib.md5(data).hexdigest()

    def get_or_compute(self, path):
        raw = path.read_bytes()
        entry = self.directory / (self._key(raw) + ".json")
        if entry.exists():
            return set(json.loads(entry.read_text()))
        prints = winnow(normalise_python(raw.decode("utf-8", "replace")))
        entry.write_text(json.dumps(sorted(prints)))
        return prints


def jaccard(a, b):
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def collect(folder, pattern):
    files = sorted(Path(folder).glob(pattern))
    log.info("found %d submissions in %s", len(files), folder)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="directory with one file per student")
    ap.add_argument("--pattern", default="*.py")
    ap.add_argument("--threshold", type=float, default=0.6)
    ap.add_argument("--out", default="similarity_report.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    cache = FingerprintCache()
    files = collect(args.folder, args.pattern)
    prints = {}
    for f in files:
        try:
            prints[f] = cache.get_or_compute(f)
        except OSError as exc:
            log.warning("cannot read %s: %s", f, exc)

    flagged = []
    for a, b in itertools.combinations(prints, 2):
        score = jaccard(prints[a], prints[b])
        if score >= args.threshold:
            flagged.append((score, a.name, b.name))

    flagged.sort(reverse=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("similarity,submission_a,submission_b\n")
        for score, a, b in flagged:
            fh.write(f"{score:.3f},{a},{b}\n")
    log.info("%d pairs above %.2f written to %s", len(flagged), args.threshold,
             os.path.abspath(args.out))


if __name__ == "__main__":
    main()
