#!/usr/bin/env python3
"""Create compressed snapshots of the current project and rotate old ones.

Snapshots are written to ./snapshots inside the working directory.  A small
change-detection cache (./.snapcache.json) keyed by MD5 lets us skip a new
snapshot when nothing changed since the previous run.
"""
import argparse
import fnmatch
import hashlib
import json
import logging
import os
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("snaprotate")

DEFAULT_EXCLUDES = [
    ".git", "__pycache__", "*.pyc", "node_modules", ".venv",
    "snapshots", ".snapcache.json", "*.log",
]


def is_excluded(rel_path: str, patterns) -> bool:
    parts = rel_path.split(os.sep)
    for pat in patterns:
        if fnmatch.fnmatch(rel_path, pat):
            return True
        if any(fnmatch.fnmatch(p, pat) for p in parts):
            return True
    return False


def iter_project_files(root: Path, patterns):
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = [
            d for d in dirnames
            if not is_excluded(os.path.normpath(os.path.join(rel_dir, d)), patterns)
        ]
        for name in sorted(filenames):
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if not is_excluded(rel, patterns):
                yield Path(dirpath) / name, rel


def tree_fingerprint(root: Path, patterns) -> str:
    """Cheap cache key: MD5 over (path, size, mtime) tuples. Not security relevant."""
    digest = hashlib.md5()
    for full, rel in iter_project_files(root, patterns):
        st = full.stat()
        digest.update(f"{rel}\0{st.st_size}\0{int(st.st_mtime)}\n".encode())
    return digest.hexdigest()


class SnapshotCache:
    def __init__(self, path: Path):
        self.path = path
        self.data = {}
        if path.exists():
            try:
                self.data = json.loads(path.read_text())
            except (OSError, ValueError) as exc:
                LOG.warning("ignoring unreadable cache %s: %s", path, exc)

    def last_key(self):
        return self.data.get("last_key")

    def record(self, key: str, archive: str):
        self.data["last_key"] = key
        self.data.setdefault("history", []).append({"key": key, "archive": archive,
                                                    "ts": int(time.time())})
        self.data["history"] = self.data["history"][-50:]
        self.path.write_text(json.dumps(self.data, indent=2))


def build_snapshot(root: Path, out_dir: Path, patterns, compression: str) -> Path:
    out_dir.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = {"gz": ".tar.gz", "bz2": ".tar.bz2", "xz": ".tar.xz"}[compression]
    target = out_dir / f"{root.resolve().name}-{stamp}{suffix}"
    count = 0
    with tarfile.open(target, f"w:{compression}") as tar:
        for full, rel in iter_project_files(root, patterns):
            tar.add(full, arcname=rel, recursive=False)
            count += 1
    LOG.info("wrote %s (%d files, %.1f KiB)", target, count, target.stat().st_size / 1024)
    return target


def rotate(out_dir: Path, keep: int):
    archives = sorted(
        (p for p in out_dir.glob("*.tar.*") if p.is_file()),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in archives[keep:]:
        LOG.info("pruning old snapshot %s", old.name)
        old.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep", type=int, default=7, help="snapshots to retain")
    ap.add_argument("--compression", choices=["gz", "bz2", "xz"], default="gz")
    ap.add_argument("--exclude", action="append", default=[], help="extra glob to skip")
    ap.add_argument("--force", action="store_true", help="snapshot even if unchanged")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path.cwd()
    out_dir = root / "snapshots"
    patterns = DEFAULT_EXCLUDES + args.exclude
    cache = SnapshotCache(root / ".snapcache.json")

    key = tree_fingerprint(root, patterns)
    if not args.force and key == cache.last_key():
        LOG.info("no changes since last snapshot (key %s); nothing to do", key[:12])
        return 0

    try:
        archive = build_snapshot(root, out_dir, patterns, args.compression)
    except (OSError, tarfile.TarError) as exc:
        LOG.error("snapshot failed: %s", exc)
        return 1

    cache.record(key, archive.name)
    rotate(out_dir, max(args.keep, 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
