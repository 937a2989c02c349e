#!/usr/bin/env python3
"""Winnowing-based similarity checker with a persistent fingerprint index.

The index of past terms' submissions is kept in ./.simindex/index.pkl so a
new cohort can be compared against previous years without re-tokenising
thousands of archived files.
"""
import argparse
import hashlib
import itertools
import logging
import pickle
import re
import zlib
from pathlib import Path

log = logging.getLogger("simcheck")
INDEX_DIR = Path(".simindex")
TOKEN_RE = re.compile(r"[A-Za-z_]\w*|\d+|\S")
KEYWORDS = {"def", "class", "return", "if", "else", "for", "while", "import", "in"}


def normalise(source):
    source = re.sub(r"#.*", "", source)
    out = []
    for tok in TOKEN_RE.findall(source):
        if tok[0].isalpha() or tok[0] == "_":
            out.append(tok if tok in KEYWORDS else "V")
        elif tok.isdigit():
            out.append("N")
        else:
            out.append(tok)
    return out


def winnow(tokens, k=5, window=4):
    hashes = [zlib.crc32(" ".join(tokens[i:i + k]).encode())
              for i in range(max(0, len(tokens) - k + 1))]
    return {min(hashes[i:i + window]) for i in range(max(0, len(hashes) - window + 1))}


class FingerprintIndex:
    """Maps student label -> set of fingerprints; persisted with pickle."""

    def __init__(self, path=INDEX_DIR / "index.pkl"):
        self.path = path
        self.entries = {}
        self.by_digest = {}

    def load(self):
        if self.path.exists():
            with open(self.path, "rb") as fh:
                state = pickle.load(fh)
            self.entries = state.get("entries", {})
            self.by_digest = state.get("by_digest", {})
            log.info("loaded %d archived submissions", len(self.entries))
        return self

    def save(self):
        self.path.parent.mkdir(exist_ok=True)
        with open(self.path, "wb") as fh:
            pickle.dump({"entries": self.entries, "by_digest": self.by_digest}, fh,
                        protocol=pickle.HIGHEST_PROTOCOL)

    def add(self, label, text):
        digest = hashlib.md5(text.encode()).hexdigest()
        prints = self.by_digest.get(digest)
        if prints is None:
            prints = winnow(normalise(text))
            self.by_digest[digest] = prints
        self.entries.setdefault(label, set()).update(prints)


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cohort", type=Path)
    ap.add_argument("--term", required=True, help="e.g. 2024F")
    ap.add_argument("--threshold", type=float, default=0.45)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    index = FingerprintIndex().load()
    current = []
    for student_dir in sorted(p for p in args.cohort.iterdir() if p.is_dir()):
        label = f"{args.term}/{student_dir.name}"
        for src in student_dir.rglob("*.py"):
            index.add(label, src.read_text(errors="replace"))
        current.append(label)

    hits = []
    for a, b in itertools.product(current, index.entries):
        if a >= b and b in current:
            continue
        score = jaccard(index.entries[a], index.entries[b])
        if score >= args.threshold:
            hits.append((score, a, b))
    for score, a, b in sorted(hits, reverse=True):
        print(f"{score:.3f}  {a}  <->  {b}")
    index.save()


if __name__ == "__main__":
    main()
