#!/usr/bin/env python3
"""Tiny local vector store: TF-IDF vectors over text chunks, stored as JSON.

    index  -> build ./notes_index.json from a folder of .txt/.md files
    query  -> cosine-similarity search against the saved index
"""
import argparse
import collections
import json
import logging
import math
import os
import re
import sys
from dataclasses import dataclass, asdict, field

INDEX_PATH = "notes_index.json"
TOKEN_RE = re.compile(r"[a-z0-9]{2,}")
STOPWORDS = frozenset("the and for with that this from are was were have has not you".split())

logger = logging.getLogger("tfidf_index")


@dataclass
class Chunk:
    doc: str
    offset: int
    text: str
    vector: dict = field(default_factory=dict)


def tokenize(text):
    return [t for t in TOKEN_RE.findall(text.lower()) if t not in STOPWORDS]


def split_chunks(text, size=800, overlap=120):
    start = 0
    while start < len(text):
        yield start, text[start:start + size]
        start += size - overlap


class TfidfIndex:
    def __init__(self):
        self.chunks = []
        self.idf = {}

    def build(self, folder):
        doc_freq = collections.Counter()
        raw = []
        for dirpath, _dirs, files in os.walk(folder):
            for name in files:
                if not name.endswith((".txt", ".md")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="ignore") as fh:
                    content = fh.read()
                for offset, piece in split_chunks(content):
                    counts = collections.Counter(tokenize(piece))
                    if not counts:
                        continue
                    raw.append((path, offset, piece, counts))
                    doc_freq.update(counts.keys())
        n = max(len(raw), 1)
        self.idf = {term: math.log((1 + n) / (1 + df)) + 1.0 for term, df in doc_freq.items()}
        for path, offset, piece, counts in raw:
            vec = {t: c * self.idf[t] for t, c in counts.items()}
            norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
            self.chunks.append(Chunk(path, offset, piece, {t: v / norm for t, v in vec.items()}))
        logger.info("indexed %d chunks, %d terms", len(self.chunks), len(self.idf))

    def save(self, path):
        tmp = path + ".partial"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump({"idf": self.idf, "chunks": [asdict(c) for c in self.chunks]}, fh)
        os.replace(tmp, path)
        os.chmod(path, 0o600)  # notes may be private; keep the index owner-only

    @classmethod
    def load(cls, path):
        inst = cls()
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        inst.idf = data["idf"]
        inst.chunks = [Chunk(**c) for c in data["chunks"]]
        return inst

    def search(self, query, k=5):
        counts = collections.Counter(tokenize(query))
        qvec = {t: c * self.idf.get(t, 0.0) for t, c in counts.items()}
        norm = math.sqrt(sum(v * v for v in qvec.values())) or 1.0
        scored = []
        for chunk in self.chunks:
            score = sum(w / norm * chunk.vector.get(t, 0.0) for t, w in qvec.items())
            if score > 0:
                scored.append((score, chunk))
        scored.sort(key=lambda pair: pair[0], reverse=True)
        return scored[:k]


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_idx = sub.add_parser("index")
    p_idx.add_argument("folder")
    p_q = sub.add_parser("query")
    p_q.add_argument("text")
    p_q.add_argument("-k", type=int, default=5)
    parser.add_argument("--index", default=INDEX_PATH)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.cmd == "index":
        if not os.path.isdir(args.folder):
            parser.error(f"not a directory: {args.folder}")
        idx = TfidfIndex()
        idx.build(args.folder)
        idx.save(args.index)
        return 0

    if not os.path.exists(args.index):
        logger.error("no index at %s; run 'index' first", args.index)
        return 1
    idx = TfidfIndex.load(args.index)
    for score, chunk in idx.search(args.text, args.k):
        snippet = " ".join(chunk.text.split())[:160]
        print(f"{score:.3f}  {chunk.doc}@{chunk.offset}  {snippet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
