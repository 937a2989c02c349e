#!/usr/bin/env python3
"""Checksum index for the restoration scan archive.

Walks a folder of page scans, records size and SHA-256 of every image,
and writes an index used to verify the copies on the archive NAS. An MD5
of path+mtime is used as a cache key so unchanged files are not rehashed.
"""
import argparse
import hashlib
import json
import logging
import os
import platform
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("scanindex")

SCAN_EXT = {".tif", ".tiff", ".jp2", ".png", ".dng"}
CACHE_FILE = Path(".scanindex-cache.json")


@dataclass
class Entry:
    path: str
    size: int
    sha256: str


def cache_key(p: Path, st: os.stat_result) -> str:
    return hashlib.md5(f"{p}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()


def digest(p: Path, algo="sha256", chunk=1 << 20):
    h = hashlib.new(algo)
    with p.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            k, _, v = line.partition("=")
            info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


class Indexer:
    def __init__(self, root: Path):
        self.root = root
        self.cache = json.loads(CACHE_FILE.read_text()) if CACHE_FILE.exists() else {}
        self.hits = 0

    def files(self):
        for dirpath, dirs, names in os.walk(self.root):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for n in sorted(names):
                p = Path(dirpath, n)
                if p.suffix.lower() in SCAN_EXT:
                    yield p

    def entry(self, p: Path) -> Entry:
        st = p.stat()
        key = cache_key(p, st)
        if key in self.cache:
            self.hits += 1
            sha = self.cache[key]
        else:
            sha = self.cache[key] = digest(p)
        return Entry(str(p.relative_to(self.root)), st.st_size, sha)

    def save_cache(self):
        CACHE_FILE.write_text(json.dumps(self.cache))
        CACHE_FILE.chmod(0o600)


def main():
    ap = argparse.ArgumentParser(description="Build a checksum index of scans")
    ap.add_argument("root", type=Path)
    ap.add_argument("--out", type=Path, default=Path("scan_index.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    idx = Indexer(args.root)
    entries = [asdict(idx.entry(p)) for p in idx.files()]
    idx.save_cache()
    doc = {"root": str(args.root.resolve()), "host_os": os_release(),
           "count": len(entries), "bytes": sum(e["size"] for e in entries),
           "files": entries}
    args.out.write_text(json.dumps(doc, indent=2))
    log.info("%d scans indexed (%d from cache) -> %s", len(entries), idx.hits, args.out)


if __name__ == "__main__":
    main()
