#!/usr/bin/env python3
"""Winnowing-based similarity checker for programming submissions.

Fingerprints are cached in ./.simcache as JSON keyed by the MD5 of the
normalised source, so re-running over a mostly unchanged submission set is
cheap.
"""
import argparse
import base64
import hashlib
import itertools
import json
import logging
import re
import struct
import zlib
from pathlib import Path

log = logging.getLogger("simcheck")
CACHE_DIR = Path(".simcache")
TOKEN_RE = re.compile(r"[A-Za-z_]\w*|\d+|\S")
KEYWORDS = {"def", "class", "return", "if", "else", "for", "while", "import", "in"}


def normalise(source: str) -> list:
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
    prints = set()
    for i in range(max(0, len(hashes) - window + 1)):
        prints.add(min(hashes[i:i + window]))
    return prints


class FingerprintCache:
    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _key(self, text):
        return hashlib.md5(text.encode("utf-8")).hexdigest()

    def get(self, text):
        path = self.root / f"{self._key(text)}.json"
        if not path.exists():
            return None
        blob = base64.b64decode(json.loads(path.read_text())["prints"])
        return set(struct.unpack(f"<{len(blob) // 4}I", blob))

    def put(self, text, prints):
        ordered = sorted(prints)
        blob = struct.pack(f"<{len(ordered)}I", *ordered)
        path = self.root / f"{self._key(text)}.json"
        path.write_text(json.dumps({"prints": base64.b64encode(blob).decode("ascii")}))


def fingerprints_for(path, cache):
    text = " ".join(normalise(path.read_text(errors="replace")))
    prints = cache.get(text)
    if prints is None:
        prints = winnow(text.split())
        cache.put(text, prints)
    return prints


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("submissions", type=Path, help="directory of student folders")
    ap.add_argument("--threshold", type=float, default=0.45)
    ap.add_argument("--out", type=Path, default=Path("similarity_report.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cache = FingerprintCache()
    prints = {}
    for student_dir in sorted(p for p in args.submissions.iterdir() if p.is_dir()):
        combined = set()
        for src in student_dir.rglob("*.py"):
            combined |= fingerprints_for(src, cache)
        prints[student_dir.name] = combined

    flagged = 0
    with args.out.open("w") as fh:
        fh.write("student_a,student_b,score\n")
        for a, b in itertools.combinations(sorted(prints), 2):
            score = jaccard(prints[a], prints[b])
            if score >= args.threshold:
                fh.write(f"{a},{b},{score:.3f}\n")
                flagged += 1
    log.info("%d pairs above %.2f written to %s", flagged, args.threshold, args.out)


if __name__ == "__main__":
    main()
