#!/usr/bin/env python3
"""Fill missing strings in i18next-style JSON catalogues using the DeepL API.

Usage:
    DEEPL_API_KEY=... python deepl_catalog_translate.py locales/en.json \
        --target de --target fr --out-dir locales

Only keys that are missing (or empty) in the target catalogue are sent.
Responses are cached under ./.mt_cache so re-runs are cheap.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("deepl-catalog")

DEEPL_FREE = "https://api-free.deepl.com/v2/translate"
DEEPL_PRO = "https://api.deepl.com/v2/translate"
CACHE_DIR = Path(".mt_cache")
BATCH = 40


def flatten(tree, prefix=""):
    for key, value in tree.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            yield from flatten(value, full)
        else:
            yield full, value


def unflatten(pairs):
    root = {}
    for dotted, value in pairs.items():
        node = root
        *parents, leaf = dotted.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return root


def cache_key(text, target):
    return hashlib.md5(f"{target}\x00{text}".encode("utf-8")).hexdigest()


def cache_get(text, target):
    path = CACHE_DIR / target / f"{cache_key(text, target)}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))["text"]
    return None


def cache_put(text, target, translated):
    folder = CACHE_DIR / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{cache_key(text, target)}.json").write_text(
        json.dumps({"source": text, "text": translated}, ensure_ascii=False),
        encoding="utf-8",
    )


class DeepLClient:
    def __init__(self, api_key, formality="default", retries=3):
        self.api_key = api_key
        self.endpoint = DEEPL_FREE if api_key.endswith(":fx") else DEEPL_PRO
        self.formality = formality
        self.retries = retries

    def translate(self, texts, target, source="EN"):
        body = json.dumps({
            "text": texts,
            "target_lang": target.upper(),
            "source_lang": source,
            "formality": self.formality,
            "tag_handling": "html",
        }).encode("utf-8")
        req = urllib.request.Request(
            self.endpoint,
            data=body,
            method="POST",
            headers={
                "Authorization": f"DeepL-Auth-Key {self.api_key}",
                "Content-Type": "application/json",
            },
        )
        for attempt in range(1, self.retries + 1):
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    payload = json.load(resp)
                return [t["text"] for t in payload["translations"]]
            except urllib.error.HTTPError as exc:
                if exc.code in (429, 456, 503) and attempt < self.retries:
                    wait = 2 ** attempt
                    log.warning("DeepL returned %s, retrying in %ss", exc.code, wait)
                    time.sleep(wait)
                    continue
                raise


def translate_catalogue(client, source_flat, existing_flat, target):
    todo = [k for k, v in source_flat.items() if not existing_flat.get(k)]
    log.info("%s: %d of %d keys need translation", target, len(todo), len(source_flat))
    result = dict(existing_flat)
    pending = []
    for key in todo:
        hit = cache_get(source_flat[key], target)
        if hit is not None:
            result[key] = hit
        else:
            pending.append(key)
    for i in range(0, len(pending), BATCH):
        chunk = pending[i:i + BATCH]
        texts = [source_flat[k] for k in chunk]
        translated = client.translate(texts, target)
        for key, text, out in zip(chunk, texts, translated):
            result[key] = out
            cache_put(text, target, out)
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path)
    ap.add_argument("--target", action="append", required=True)
    ap.add_argument("--out-dir", type=Path, default=Path("locales"))
    ap.add_argument("--formality", default="default", choices=["default", "more", "less"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    api_key = os.environ.get("DEEPL_API_KEY")
    if not api_key:
        log.error("DEEPL_API_KEY is not set")
        return 2

    source_flat = dict(flatten(json.loads(args.source.read_text(encoding="utf-8"))))
    client = DeepLClient(api_key, formality=args.formality)
    args.out_dir.mkdir(parents=True, exist_ok=True)

    for target in args.target:
        out_path = args.out_dir / f"{target.lower()}.json"
        existing = {}
        if out_path.exists():
            existing = dict(flatten(json.loads(out_path.read_text(encoding="utf-8"))))
        try:
            merged = translate_catalogue(client, source_flat, existing, target)
        except urllib.error.URLError as exc:
            log.error("translation for %s failed: %s", target, exc)
            continue
        out_path.write_text(json.dumps(unflatten(merged), ensure_ascii=False, indent=2) + "\n",
                            encoding="utf-8")
        log.info("wrote %s", out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
