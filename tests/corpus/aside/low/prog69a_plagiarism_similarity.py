#!/usr/bin/env python3
"""Pairwise similarity report for essay or code submissions (winnowing).

Implements the document fingerprinting from Schleimer, Wilkerson & Aiken
(SIGMOD 2003), the idea behind MOSS: normalise each submission, hash all
k-grams, keep the minimum hash in every window, and compare fingerprint
sets.  Fingerprints are cached per file content, so rerunning after a few
late submissions only processes the new ones.

    plagiarism_similarity.py submissions/ --ext .py --k 5 --window 4 --top 25
"""
import argparse
import csv
import hashlib
import itertools
import json
import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("similarity")
CACHE_DIR = Path(".simcache")
TOKEN_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+|[^\sA-Za-z0-9_]")
PY_COMMENT = re.compile(r"#.*$", re.M)


def normalise(text, is_code):
    if is_code:
        text = PY_COMMENT.sub("", text)
        # identifiers -> "v" so renaming variables does not hide copying
        tokens = ["v" if t[0].isalpha() or t[0] == "_" else t for t in TOKEN_RE.findall(text)]
        return tokens
    return re.findall(r"[a-z0-9]+", text.lower())


def kgram_hashes(tokens, k):
    for i in range(len(tokens) - k + 1):
        gram = "\x1f".join(tokens[i:i + k]).encode()
        yield int.from_bytes(hashlib.blake2b(gram, digest_size=8).digest(), "big")


def winnow(hashes, window):
    hashes = list(hashes)
    picked = set()
    for i in range(max(len(hashes) - window + 1, 1)):
        chunk = hashes[i:i + window]
        if chunk:
            picked.add(min(chunk))
    return picked


class FingerprintCache:
    def __init__(self, k, window):
        self.k, self.window = k, window
        CACHE_DIR.mkdir(exist_ok=True)

    def _key(self, data):
        return hashlib.md5(data + f"|{self.k}|{self.window}".encode()).hexdigest()

    def get(self, path, is_code):
        data = path.read_bytes()
        cache_file = CACHE_DIR / f"{self._key(data)}.json"
        if cache_file.exists():
            return set(json.loads(cache_file.read_text()))
        tokens = normalise(data.decode("utf-8", "replace"), is_code)
        fp = winnow(kgram_hashes(tokens, self.k), self.window)
        cache_file.write_text(json.dumps(sorted(fp)))
        return fp


def jaccard(a, b):
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def discover(root, ext):
    for sub in sorted(p for p in root.iterdir() if p.is_dir()):
        files = sorted(sub.rglob(f"*{ext}"))
        if files:
            yield sub.name, files


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", type=Path)
    ap.add_argument("--ext", default=".py")
    ap.add_argument("--k", type=int, default=5)
    ap.add_argument("--window", type=int, default=4)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--threshold", type=float, default=0.3)
    ap.add_argument("--out", default="similarity.csv")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    cache = FingerprintCache(args.k, args.window)
    is_code = args.ext not in (".txt", ".md", ".tex")
    prints = {}
    for student, files in discover(args.root, args.ext):
        fp = set()
        for f in files:
            try:
                fp |= cache.get(f, is_code)
            except OSError as exc:
                log.warning("skip %s: %s", f, exc)
        prints[student] = fp
    log.info("fingerprinted %d submissions", len(prints))

    pairs = [(a, b, jaccard(prints[a], prints[b]))
             for a, b in itertools.combinations(sorted(prints), 2)]
    pairs.sort(key=lambda t: t[2], reverse=True)
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["student_a", "student_b", "similarity", "flag"])
        for a, b, s in pairs:
            w.writerow([a, b, f"{s:.3f}", "REVIEW" if s >= args.threshold else ""])
    for a, b, s in pairs[:args.top]:
        print(f"{s:6.3f}  {a:<20} {b}")
    log.info("full table in %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
