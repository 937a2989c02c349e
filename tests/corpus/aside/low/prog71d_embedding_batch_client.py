#!/usr/bin/env python3
"""Embed a JSONL corpus through the hosted embeddings API, with a local cache.

    embed-batch corpus.jsonl --field text --out embeddings.jsonl --model embed-small-v2

Reads EMBEDDINGS_API_KEY from the environment.  Each text is cached under
.embed_cache/ by content hash, so re-runs only pay for new or changed rows.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("embed-batch")

API_URL = os.environ.get("EMBEDDINGS_API_URL", "https://api.embedhost.ai/v1/embeddings")
CACHE_DIR = Path(".embed_cache")


def cache_key(model, text):
    return hashlib.md5(f"{model}\x00{text}".encode("utf-8")).hexdigest()


def cache_get(key):
    path = CACHE_DIR / key[:2] / f"{key}.json"
    if path.exists():
        return json.loads(path.read_text())
    return None


def cache_put(key, vector):
    path = CACHE_DIR / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(vector))


def embed_batch(texts, model, api_key, retries=5):
    body = json.dumps({"model": model, "input": texts}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Authorization": f"Bearer {api_key}",
        "Content-Type": "application/json",
    })
    for attempt in range(retries):
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                data = json.load(resp)
            return [item["embedding"] for item in sorted(data["data"], key=lambda d: d["index"])]
        except urllib.error.HTTPError as exc:
            if exc.code in (429, 500, 502, 503) and attempt < retries - 1:
                wait = float(exc.headers.get("Retry-After", 2 ** attempt))
                log.warning("HTTP %d, retrying in %.0fs", exc.code, wait)
                time.sleep(wait)
                continue
            raise
        except urllib.error.URLError as exc:
            if attempt < retries - 1:
                log.warning("network error %s, retrying", exc.reason)
                time.sleep(2 ** attempt)
                continue
            raise
    raise RuntimeError("unreachable")


def read_rows(path, field):
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if field not in row:
                log.warning("line %d has no %r field, skipped", lineno, field)
                continue
            yield row


def main(argv=None):
    p = argparse.ArgumentParser(description="batch-embed a JSONL corpus")
    p.add_argument("input")
    p.add_argument("--field", default="text")
    p.add_argument("--out", default="embeddings.jsonl")
    p.add_argument("--model", default="embed-small-v2")
    p.add_argument("--batch-size", type=int, default=64)
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    api_key = os.environ.get("EMBEDDINGS_API_KEY")
    if not api_key:
        log.error("EMBEDDINGS_API_KEY is not set")
        return 2

    rows = list(read_rows(args.input, args.field))
    pending = [r for r in rows if cache_get(cache_key(args.model, r[args.field])) is None]
    log.info("%d rows, %d not cached", len(rows), len(pending))

    for start in range(0, len(pending), args.batch_size):
        chunk = pending[start:start + args.batch_size]
        try:
            vectors = embed_batch([r[args.field] for r in chunk], args.model, api_key)
        except (urllib.error.URLError, KeyError, ValueError) as exc:
            log.error("batch at %d failed: %s", start, exc)
            return 1
        for row, vec in zip(chunk, vectors):
            cache_put(cache_key(args.model, row[args.field]), vec)
        log.info("embedded %d/%d", min(start + args.batch_size, len(pending)), len(pending))

    out = Path(args.out)
    with open(out, "w", encoding="utf-8") as fh:
        for row in rows:
            vec = cache_get(cache_key(args.model, row[args.field]))
            fh.write(json.dumps({**row, "embedding": vec}) + "\n")
    os.chmod(out, 0o600)
    log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
