#!/usr/bin/env python3
"""Scoreboard asset builder.

Packs team crests, sponsor slides and fonts into the single JSON bundle
the scoreboard's web renderer loads at start-up.  Images are embedded as
base64 data URIs; unchanged inputs are skipped using a content-hash cache.
"""

import argparse
import base64
import hashlib
import json
import logging
import mimetypes
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("sb-assets")

BUILD_DIR = Path("build")
CACHE_DIR = Path(".asset_cache")
KINDS = {"crests": (".png", ".svg"), "slides": (".png", ".jpg"), "fonts": (".woff2",)}


def cache_key(path):
    # content hash used only to decide whether an input changed
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def data_uri(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"data:{mime};base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class AssetCache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.hits = self.misses = 0

    def get(self, src):
        key = cache_key(src)
        entry = self.root / f"{key}.json"
        if entry.exists():
            self.hits += 1
            return json.loads(entry.read_text())
        self.misses += 1
        value = {"name": src.stem, "uri": data_uri(src), "bytes": src.stat().st_size}
        entry.write_text(json.dumps(value))
        return value


def collect(src_root, cache):
    bundle = {}
    for kind, exts in KINDS.items():
        folder = src_root / kind
        items = []
        if folder.is_dir():
            for f in sorted(folder.iterdir()):
                if f.suffix.lower() in exts:
                    items.append(cache.get(f))
        bundle[kind] = items
        log.info("%-6s %d files", kind, len(items))
    return bundle


def write_bundle(bundle, out):
    out.parent.mkdir(parents=True, exist_ok=True)
    # write to a temp file in the same folder, then swap in atomically
    with tempfile.NamedTemporaryFile("w", dir=out.parent, suffix=".tmp", delete=False) as tmp:
        json.dump(bundle, tmp, separators=(",", ":"))
        tmp_name = tmp.name
    os.replace(tmp_name, out)
    log.info("wrote %s (%.1f KiB)", out, out.stat().st_size / 1024)


def clean():
    for d in (BUILD_DIR, CACHE_DIR):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s", d)


def main():
    ap = argparse.ArgumentParser(description="Build the scoreboard asset bundle")
    ap.add_argument("--src", default="assets", help="source asset folder")
    ap.add_argument("--clean", action="store_true", help="remove build output and cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        clean()
    src = Path(args.src)
    if not src.is_dir():
        log.error("source folder %s not found", src)
        return 1

    cache = AssetCache(CACHE_DIR)
    bundle = collect(src, cache)
    bundle["version"] = hashlib.md5(json.dumps(bundle, sort_keys=True).encode()).hexdigest()[:8]
    write_bundle(bundle, BUILD_DIR / "scoreboard_assets.json")
    log.info("cache: %d hits, %d misses", cache.hits, cache.misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
