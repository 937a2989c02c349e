#!/usr/bin/env python3
"""Chunk local markdown docs and embed them through the provider API.

Embeddings are cached on disk keyed by an MD5 of (model, chunk text) so that
re-running the loader only pays for chunks that actually changed.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import sys
import time

import requests

LOG = logging.getLogger("embed-cache")
API_URL = "https://api.openai.com/v1/embeddings"
CACHE_DIR = pathlib.Path(".emb_cache")


def chunk_text(text, max_chars=1200, overlap=150):
    """Split text on paragraph boundaries, falling back to hard cuts."""
    paragraphs = [p.strip() for p in text.split("\n\n") if p.strip()]
    buf = ""
    for para in paragraphs:
        if len(buf) + len(para) + 2 <= max_chars:
            buf = f"{buf}\n\n{para}" if buf else para
            continue
        if buf:
            yield buf
        while len(para) > max_chars:
            yield para[:max_chars]
            para = para[max_chars - overlap:]
        buf = para
    if buf:
        yield buf


def cache_key(model, chunk):
    return hashlib.md5(f"{model}\x00{chunk}".encode("utf-8")).hexdigest()


class EmbeddingClient:
    def __init__(self, model, batch_size=64):
        key = os.environ.get("OPENAI_API_KEY")
        if not key:
            raise RuntimeError("OPENAI_API_KEY is not set")
        self.model = model
        self.batch_size = batch_size
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}"})

    def embed(self, texts):
        vectors = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start:start + self.batch_size]
            for attempt in range(4):
                resp = self.session.post(API_URL, json={"model": self.model, "input": batch}, timeout=60)
                if resp.status_code == 429:
                    wait = 2 ** attempt
                    LOG.warning("rate limited, sleeping %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                vectors.extend(item["embedding"] for item in resp.json()["data"])
                break
            else:
                raise RuntimeError("gave up after repeated rate limiting")
        return vectors


def build(docs_dir, model, out_path):
    CACHE_DIR.mkdir(exist_ok=True)
    client = EmbeddingClient(model)
    records, pending = [], []
    for path in sorted(pathlib.Path(docs_dir).rglob("*.md")):
        for idx, chunk in enumerate(chunk_text(path.read_text(encoding="utf-8"))):
            key = cache_key(model, chunk)
            rec = {"source": str(path), "chunk": idx, "text": chunk, "key": key}
            cached = CACHE_DIR / f"{key}.json"
            if cached.exists():
                rec["embedding"] = json.loads(cached.read_text())
            else:
                pending.append(rec)
            records.append(rec)
    LOG.info("%d chunks, %d need embedding", len(records), len(pending))
    if pending:
        for rec, vec in zip(pending, client.embed([r["text"] for r in pending])):
            rec["embedding"] = vec
            (CACHE_DIR / f"{rec['key']}.json").write_text(json.dumps(vec))
    with open(out_path, "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
    LOG.info("wrote %s", out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("docs_dir", nargs="?", default="docs")
    ap.add_argument("--model", default="text-embedding-3-small")
    ap.add_argument("--out", default="embeddings.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        build(args.docs_dir, args.model, args.out)
    except (requests.RequestException, RuntimeError) as exc:
        LOG.error("embedding failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
