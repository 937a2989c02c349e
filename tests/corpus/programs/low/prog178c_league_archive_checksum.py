#!/usr/bin/env python3
"""League archive checksum manifest for StrikeZone Lanes.

Walks the local archives folder (past seasons' standings, sanction
paperwork, scanned score sheets), records size and SHA-256 for each file
and keeps an MD5-keyed cache so unchanged files are not rehashed.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("archive_checksum")

ARCHIVE_DIR = Path(os.environ.get("ARCHIVE_DIR", "./archives"))
MANIFEST = Path(os.environ.get("ARCHIVE_MANIFEST", "./archives_manifest.json"))
CACHE = Path(os.environ.get("ARCHIVE_CACHE", "./.checksum_cache.json"))
CHUNK = 1 << 20


@dataclass
class Entry:
    path: str
    size: int
    mtime: float
    sha256: str


def cache_key(path: Path, st) -> str:
    return hashlib.md5(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def digest(path: Path, algo="sha256") -> str:
    h = getattr(hashlib, algo)()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for fn in sorted(filenames):
            yield Path(dirpath, fn)


def build(root: Path, cache: dict):
    entries, hits = [], 0
    for p in walk(root):
        st = p.stat()
        key = cache_key(p, st)
        if key in cache:
            sha, hits = cache[key], hits + 1
        else:
            sha = cache[key] = digest(p)
        entries.append(Entry(str(p.relative_to(root)), st.st_size, st.st_mtime, sha))
    return entries, hits


def verify(root: Path, manifest: dict):
    bad = 0
    for item in manifest.get("files", []):
        p = root / item["path"]
        if not p.exists() or digest(p) != item["sha256"]:
            log.warning("mismatch: %s", item["path"])
            bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser(description="Checksum the league archives")
    ap.add_argument("mode", choices=("build", "verify"), nargs="?", default="build")
    ap.add_argument("--root", type=Path, default=ARCHIVE_DIR)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.mode == "verify":
        bad = verify(args.root, json.loads(MANIFEST.read_text()))
        log.info("verify finished, %d problems", bad)
        raise SystemExit(1 if bad else 0)

    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    entries, hits = build(args.root, cache)
    MANIFEST.write_text(json.dumps({"generated": time.strftime("%FT%T"),
                                    "files": [asdict(e) for e in entries]}, indent=2))
    CACHE.write_text(json.dumps(cache))
    for own in (MANIFEST, CACHE):
        os.chmod(own, 0o600)
    log.info("%d files, %d from cache, manifest at %s", len(entries), hits, MANIFEST)


if __name__ == "__main__":
    main()
