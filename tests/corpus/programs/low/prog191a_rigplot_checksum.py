#!/usr/bin/env python3
"""Checksum manifest for a job's rig plot folder.

Walks the rig plot folder in the working directory, records a SHA-256 for
every drawing and paperwork file, and reports what changed since the last
run so nobody sends the venue a stale plot. Files are only read.
"""
import argparse
import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("rigplot-sum")

MANIFEST = ".rigplot-manifest.json"
CACHE_DIR = Path(".rigplot-cache")
WATCHED = {".lw6", ".vwx", ".dwg", ".mvr", ".pdf", ".csv", ".xlsx"}


@dataclass
class Record:
    path: str
    size: int
    mtime: float
    sha256: str


def digest(path: Path, algo="sha256", block=1 << 16):
    h = getattr(hashlib, algo)()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(block), b""):
            h.update(chunk)
    return h.hexdigest()


def cache_key(path: Path, st):
    # MD5 only names the cache entry; the real checksum is SHA-256
    raw = f"{path}:{st.st_size}:{st.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def hashed(path: Path):
    st = path.stat()
    slot = CACHE_DIR / cache_key(path, st)
    if slot.exists():
        return Record(**json.loads(slot.read_text()))
    rec = Record(str(path), st.st_size, st.st_mtime, digest(path))
    CACHE_DIR.mkdir(exist_ok=True)
    slot.write_text(json.dumps(asdict(rec)))
    return rec


def walk(root: Path):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(files):
            p = Path(folder, name)
            if p.suffix.lower() in WATCHED:
                yield hashed(p)


def compare(old: dict, new: dict):
    return {
        "added": sorted(set(new) - set(old)),
        "removed": sorted(set(old) - set(new)),
        "changed": sorted(k for k in set(old) & set(new) if old[k]["sha256"] != new[k]["sha256"]),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", type=Path, default=Path("rigplots"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.iterdir():
            f.unlink()
    manifest = Path(MANIFEST)
    old = json.loads(manifest.read_text())["files"] if manifest.exists() else {}
    new = {r.path: asdict(r) for r in walk(args.root)}
    diff = compare(old, new)
    for kind, items in diff.items():
        for item in items:
            print(f"{kind:<8} {item}")
    manifest.write_text(json.dumps({"generated": time.time(), "files": new}, indent=1))
    os.chmod(manifest, 0o600)
    log.info("%d files, %d added, %d changed, %d removed", len(new),
             len(diff["added"]), len(diff["changed"]), len(diff["removed"]))


if __name__ == "__main__":
    main()
