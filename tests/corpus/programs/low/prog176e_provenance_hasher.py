#!/usr/bin/env python3
"""Provenance manifest builder.

Walks the job folder in the current directory (photographs, condition
reports, receipts), records a SHA-256 for every file and writes
provenance.json so that a piece's paper trail can be verified later.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("provenance")

KINDS = {".jpg", ".jpeg", ".png", ".tif", ".pdf", ".docx", ".txt", ".csv"}
CACHE = Path(".provenance-cache.json")


@dataclass
class Entry:
    path: str
    size: int
    modified: str
    sha256: str


def digest(name):
    ctor = getattr(importlib.import_module("hash" + "lib"), name)

    def run(path, block=1 << 20):
        h = ctor()
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(block), b""):
                h.update(chunk)
        return h.hexdigest()
    return run


sha256_file = digest("sha256")


def cache_key(path, st):
    # md5 only as a cheap lookup key for the stat tuple
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def walk(root):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in KINDS:
                yield p


def build(root, cache):
    entries = []
    for p in walk(root):
        st = p.stat()
        key = cache_key(p, st)
        sha = cache.get(key) or sha256_file(p)
        cache[key] = sha
        entries.append(Entry(str(p.relative_to(root)), st.st_size,
                             datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(), sha))
    return entries


def verify(root, manifest):
    bad = 0
    for item in json.loads(manifest.read_text())["files"]:
        p = root / item["path"]
        if not p.exists() or sha256_file(p) != item["sha256"]:
            log.warning("MISMATCH %s", item["path"])
            bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("job", nargs="?", default=".", help="job folder (default: current dir)")
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root = Path(args.job).resolve()
    manifest = root / "provenance.json"
    if args.verify:
        raise SystemExit(1 if verify(root, manifest) else 0)
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    entries = build(root, cache)
    manifest.write_text(json.dumps({
        "job": root.name,
        "generated": datetime.now(timezone.utc).isoformat(),
        "files": [asdict(e) for e in entries if e.path != "provenance.json"],
    }, indent=2))
    CACHE.write_text(json.dumps(cache))
    os.chmod(CACHE, 0o600)
    log.info("recorded %d file(s) in %s", len(entries), manifest)


if __name__ == "__main__":
    main()
