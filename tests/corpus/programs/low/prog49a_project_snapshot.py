#!/usr/bin/env python3
"""Incremental snapshot of the working tree into ./backups.

Unchanged files are detected through an MD5 cache key (size, mtime and
content) stored in ./backups/.index.json, so repeated runs are cheap.
Originals are never modified.
"""
import argparse
import hashlib
import json
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("snapshot")

EXCLUDE_DIRS = {".git", "backups", "node_modules", ".venv", "__pycache__"}


def cache_key(path):
    st = path.stat()
    h = hashlib.md5(usedforsecurity=False)
    h.update(f"{st.st_size}:{int(st.st_mtime)}".encode())
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def iter_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in EXCLUDE_DIRS]
        for name in filenames:
            yield Path(dirpath) / name


class SnapshotIndex:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            self.entries = json.loads(path.read_text(encoding="utf-8"))

    def changed(self, rel, key):
        return self.entries.get(rel) != key

    def update(self, rel, key):
        self.entries[rel] = key

    def save(self):
        self.path.write_text(json.dumps(self.entries, indent=1), encoding="utf-8")
        os.chmod(self.path, 0o600)


def take_snapshot(root, dest, full=False):
    dest.mkdir(exist_ok=True)
    index = SnapshotIndex(dest / ".index.json")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"snapshot-{stamp}{'-full' if full else ''}.zip"
    added = 0
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in iter_files(root):
            rel = str(path.relative_to(root))
            try:
                key = cache_key(path)
            except OSError as exc:
                log.warning("cannot read %s: %s", rel, exc)
                continue
            if full or index.changed(rel, key):
                zf.write(path, arcname=rel)
                index.update(rel, key)
                added += 1
    index.save()
    os.chmod(archive, 0o600)
    if added == 0:
        archive.unlink()
        log.info("nothing changed since last snapshot")
        return None
    log.info("%s: %d file(s)", archive.name, added)
    return archive


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--full", action="store_true", help="ignore the cache index")
    ap.add_argument("--dest", default="backups", type=Path)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root = Path.cwd()
    take_snapshot(root, root / args.dest, full=args.full)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
