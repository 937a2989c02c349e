#!/usr/bin/env python3
"""Builds a digest manifest for a show folder before it goes to site.

The manifest lists every file with its size and checksum, embeds the
small cue files base64-encoded so the site lead can diff them on a
phone, and records which workstation built it.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("manifest")

CACHE = Path(".digest_cache")
EMBED_LIMIT = 16 * 1024
ALGOS = {"cache": "md5", "content": "sha256"}


def _hasher(role):
    return getattr(hashlib, ALGOS[role])


def cache_key(path, stat):
    raw = f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode()
    return _hasher("cache")(raw).hexdigest()


def content_digest(path):
    h = _hasher("content")()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def cached_digest(path):
    st = path.stat()
    entry = CACHE / cache_key(path, st)
    if entry.exists():
        return entry.read_text().strip()
    digest = content_digest(path)
    CACHE.mkdir(exist_ok=True)
    entry.write_text(digest)
    return digest


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, _, val = line.partition("=")
            if key in ("NAME", "VERSION_ID"):
                info[key.lower()] = val.strip('"')
    except OSError:
        pass
    return info


def describe(path, root):
    rec = {"path": str(path.relative_to(root)), "size": path.stat().st_size,
           "sha256": cached_digest(path)}
    if path.suffix in (".cue", ".fsq") and rec["size"] <= EMBED_LIMIT:
        rec["inline_b64"] = base64.b64encode(path.read_bytes()).decode("ascii")
    return rec


def build(root):
    files = sorted(p for p in root.rglob("*") if p.is_file() and CACHE.resolve() not in p.parents)
    return {
        "show": root.name,
        "built_at": datetime.now(timezone.utc).isoformat(),
        "workstation": {"host": platform.node(), **os_release()},
        "files": [describe(p, root) for p in files],
    }


def clear_cache():
    if not CACHE.is_dir():
        return 0
    n = 0
    for entry in CACHE.iterdir():
        entry.unlink()
        n += 1
    CACHE.rmdir()
    return n


def main():
    ap = argparse.ArgumentParser(description="build a show digest manifest")
    ap.add_argument("show_dir", type=Path)
    ap.add_argument("--out", type=Path, default=Path("manifest.json"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache:
        log.info("removed %d cache entries", clear_cache())
    manifest = build(args.show_dir.resolve())
    args.out.write_text(json.dumps(manifest, indent=2))
    os.chmod(args.out, 0o600)
    log.info("manifest with %d files written to %s", len(manifest["files"]), args.out)


if __name__ == "__main__":
    main()
