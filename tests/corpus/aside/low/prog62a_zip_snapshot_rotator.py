#!/usr/bin/env python3
"""Rotate zip snapshots of a project sub-tree kept inside the working directory.

Each run walks the chosen source folder, writes a timestamped zip under
./snapshots, records a SHA-256 manifest next to it and keeps only the newest
N snapshots.  Originals are never touched.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import zipfile
from pathlib import Path

LOG = logging.getLogger("snaprotate")
DEFAULT_SKIP = {".git", "__pycache__", "node_modules", "snapshots", ".venv"}


def iter_files(root: Path, skip_dirs):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip_dirs]
        for name in sorted(filenames):
            yield Path(dirpath) / name


def sha256_of(path: Path, bufsize: int = 1 << 16) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            digest.update(block)
    return digest.hexdigest()


class SnapshotStore:
    def __init__(self, store_dir: Path, keep: int):
        self.store_dir = store_dir
        self.keep = keep
        self.store_dir.mkdir(exist_ok=True)

    def snapshots(self):
        return sorted(self.store_dir.glob("snap-*.zip"))

    def create(self, source: Path, skip_dirs) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.store_dir / f"snap-{stamp}.zip"
        manifest = {}
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for path in iter_files(source, skip_dirs):
                rel = path.relative_to(source)
                try:
                    zf.write(path, arcname=str(rel))
                    manifest[str(rel)] = sha256_of(path)
                except OSError as exc:
                    LOG.warning("skipping %s: %s", rel, exc)
        man_path = target.with_suffix(".manifest.json")
        man_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        os.chmod(target, 0o600)
        os.chmod(man_path, 0o600)
        LOG.info("wrote %s (%d files)", target.name, len(manifest))
        return target

    def prune(self):
        snaps = self.snapshots()
        excess = snaps[: max(0, len(snaps) - self.keep)]
        for old in excess:
            LOG.info("pruning old snapshot %s", old.name)
            old.unlink()
            side = old.with_suffix(".manifest.json")
            if side.exists():
                side.unlink()
        return len(excess)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", nargs="?", default="src", help="folder under cwd to snapshot")
    ap.add_argument("--keep", type=int, default=7)
    ap.add_argument("--store", default="snapshots")
    ap.add_argument("--skip", action="append", default=[])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cwd = Path.cwd()
    source = (cwd / args.source).resolve()
    if cwd not in source.parents and source != cwd:
        LOG.error("source must live inside the working directory")
        return 2
    if not source.is_dir():
        LOG.error("no such folder: %s", source)
        return 2

    store = SnapshotStore(cwd / args.store, args.keep)
    store.create(source, DEFAULT_SKIP | set(args.skip))
    removed = store.prune()
    LOG.info("done, %d snapshot(s) kept, %d pruned", len(store.snapshots()), removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
