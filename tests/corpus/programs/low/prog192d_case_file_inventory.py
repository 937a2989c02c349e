#!/usr/bin/env python3
"""Inventory the case files in the working directory.

Walks the case folders, records size, type and a content fingerprint for
each design file, and writes an index the QA checklist reads.  Fingerprints
are cached by (path, mtime, size) so re-runs only touch changed files.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("inventory")

TRACKED = {".stl", ".ply", ".dcm", ".pdf", ".3oxz", ".dentalproject"}
CACHE_DIR = Path(".inventory_cache")
INDEX_NAME = "case_index.json"


@dataclass
class Entry:
    path: str
    kind: str
    size: int
    sha256: str


def _cache_key(path, st):
    raw = f"{path}:{st.st_mtime_ns}:{st.st_size}".encode()
    return hashlib.md5(raw).hexdigest()


def _fingerprint(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def fingerprint_cached(path):
    st = path.stat()
    slot = CACHE_DIR / _cache_key(path, st)
    if slot.exists():
        return slot.read_text()
    value = _fingerprint(path)
    CACHE_DIR.mkdir(exist_ok=True)
    slot.write_text(value)
    return value


def walk(root):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in TRACKED:
                yield p


def build_index(root):
    entries = []
    for p in walk(root):
        entries.append(Entry(str(p.relative_to(root)), p.suffix.lower().lstrip("."),
                             p.stat().st_size, fingerprint_cached(p)))
    return entries


def main():
    ap = argparse.ArgumentParser(description="Index case design files")
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--clear-cache", action="store_true", help="drop cached fingerprints first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")

    root = Path(args.root).resolve()
    entries = build_index(root)
    out = Path(INDEX_NAME)
    out.write_text(json.dumps([asdict(e) for e in entries], indent=2))
    os.chmod(out, 0o600)

    counts = Counter(e.kind for e in entries)
    total = sum(e.size for e in entries)
    log.info("%d files, %.1f MB: %s", len(entries), total / 1e6,
             ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
