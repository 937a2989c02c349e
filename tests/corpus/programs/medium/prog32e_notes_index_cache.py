#!/usr/bin/env python3
"""Local vector store over note files: TF-IDF chunks cached with pickle.

    index  -> build ./notes_index.pkl from a folder of .txt/.md files
    query  -> cosine-similarity search against the cached index
"""
import argparse
import collections
import logging
import math
import os
import pickle
import re
import sys
from dataclasses import dataclass, field

INDEX_PATH = "notes_index.pkl"
TOKEN_RE = re.compile(r"[a-z0-9]{2,}")
STOPWORDS = frozenset("the and for with that this from are was were have has not you".split())

logger = logging.getLogger("notes_index")


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


class NotesIndex:
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
                    if counts:
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
        with open(path, "wb") as fh:
            pickle.dump(self, fh, protocol=pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def load(path):
        with open(path, "rb") as fh:
            obj = pickle.load(fh)
        if not isinstance(obj, NotesIndex):
            raise TypeError(f"{path} does not contain a NotesIndex")
        return obj

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
    parser.add_argument("--index", default=INDEX_PATH)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_idx = sub.add_parser("index")
    p_idx.add_argument("folder")
    p_q = sub.add_parser("query")
    p_q.add_argument("text")
    p_q.add_argument("-k", type=int, default=5)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.cmd == "index":
        if not os.path.isdir(args.folder):
            parser.error(f"not a directory: {args.folder}")
        idx = NotesIndex()
        idx.build(args.folder)
        idx.save(args.index)
        return 0

    try:
        idx = NotesIndex.load(args.index)
    except FileNotFoundError:
        logger.error("no index at %s; run 'index' first", args.index)
        return 1
    except (pickle.UnpicklingError, TypeError, EOFError) as exc:
        logger.error("corrupt index: %s", exc)
        return 1
    for score, chunk in idx.search(args.text, args.k):
        snippet = " ".join(chunk.text.split())[:160]
        print(f"{score:.3f}  {chunk.doc}@{chunk.offset}  {snippet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
