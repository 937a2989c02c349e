#!/usr/bin/env python3
"""Summarise Markdown documents in a folder with the Anthropic Messages API.

Results are cached in ./.summary_cache so re-running on unchanged files
does not spend tokens again.  The API key is read from ANTHROPIC_API_KEY.
"""
import argparse
import hashlib
import json
import logging
import os
import pathlib
import sys
import time
import urllib.error
import urllib.request

API_URL = "https://api.anthropic.com/v1/messages"
API_VERSION = "2023-06-01"
DEFAULT_MODEL = "claude-3-5-haiku-latest"
CACHE_DIR = pathlib.Path(".summary_cache")

log = logging.getLogger("summarizer")


class AnthropicClient:
    def __init__(self, api_key, model, max_tokens=512, retries=3):
        self.api_key = api_key
        self.model = model
        self.max_tokens = max_tokens
        self.retries = retries

    def complete(self, system, user_text):
        body = json.dumps({
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": system,
            "messages": [{"role": "user", "content": user_text}],
        }).encode("utf-8")
        req = urllib.request.Request(
            API_URL,
            data=body,
            method="POST",
            headers={
                "x-api-key": self.api_key,
                "anthropic-version": API_VERSION,
                "content-type": "application/json",
            },
        )
        delay = 2.0
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(req, timeout=60) as resp:
                    payload = json.load(resp)
                return "".join(
                    block.get("text", "")
                    for block in payload.get("content", [])
                    if block.get("type") == "text"
                )
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 529) and attempt < self.retries:
                    log.warning("rate limited (%s), retrying in %.0fs", exc.code, delay)
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise
        raise RuntimeError("exhausted retries")


def cache_key(model, text):
    # MD5 is only used as a content-addressed cache key here.
    return hashlib.md5(f"{model}\n{text}".encode("utf-8")).hexdigest()


def load_cached(key):
    path = CACHE_DIR / f"{key}.json"
    if path.is_file():
        with path.open("r", encoding="utf-8") as fh:
            return json.load(fh).get("summary")
    return None


def store_cached(key, source, summary):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / f"{key}.json"
    with path.open("w", encoding="utf-8") as fh:
        json.dump({"source": source, "summary": summary}, fh, indent=2)


def iter_documents(root, pattern):
    for path in sorted(pathlib.Path(root).rglob(pattern)):
        if path.is_file() and path.stat().st_size > 0:
            yield path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="folder containing documents")
    parser.add_argument("--glob", default="*.md")
    parser.add_argument("--model", default=DEFAULT_MODEL)
    parser.add_argument("--max-chars", type=int, default=24000)
    parser.add_argument("--out", default="summaries.jsonl")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("ANTHROPIC_API_KEY")
    if not api_key:
        log.error("ANTHROPIC_API_KEY is not set")
        return 2

    client = AnthropicClient(api_key, args.model)
    system = ("You write short factual summaries of technical documents. "
              "Reply with at most five bullet points.")

    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for doc in iter_documents(args.folder, args.glob):
            text = doc.read_text(encoding="utf-8", errors="replace")[: args.max_chars]
            key = cache_key(args.model, text)
            summary = load_cached(key)
            if summary is None:
                log.info("summarising %s", doc)
                try:
                    summary = client.complete(system, text)
                except (urllib.error.URLError, RuntimeError) as exc:
                    log.error("failed on %s: %s", doc, exc)
                    continue
                store_cached(key, str(doc), summary)
            else:
                log.debug("cache hit for %s", doc)
            out.write(json.dumps({"path": str(doc), "summary": summary}) + "\n")
            written += 1

    log.info("wrote %d summaries to %s", written, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
