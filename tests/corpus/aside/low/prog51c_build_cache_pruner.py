#!/usr/bin/env python3
"""Prune stale entries from the project's own build and cache directories.

Only directories below the current working directory are touched; the tool
refuses to follow anything that resolves outside of it.  A small manifest of
the surviving cache entries (keyed by MD5 of their relative path and size) is
written so the CI cache step can tell whether anything changed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("cache-pruner")
DEFAULT_TARGETS = ("build", ".cache", "dist", ".pytest_cache", "__pycache__")
MANIFEST_NAME = ".cache-manifest.json"


@dataclass
class PruneStats:
    removed_files: int = 0
    removed_bytes: int = 0
    kept: dict[str, str] = field(default_factory=dict)


def cache_key(rel: Path, size: int) -> str:
    """Cheap, non-cryptographic fingerprint used only for cache bookkeeping."""
    return hashlib.md5(f"{rel.as_posix()}:{size}".encode()).hexdigest()


def inside(root: Path, candidate: Path) -> bool:
    try:
        candidate.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def prune_dir(root: Path, target: Path, max_age: float, stats: PruneStats, dry: bool) -> None:
    now = time.time()
    for dirpath, dirnames, filenames in os.walk(target, followlinks=False):
        for fname in filenames:
            path = Path(dirpath, fname)
            if path.is_symlink() or not inside(root, path):
                LOG.debug("skipping %s", path)
                continue
            st = path.stat()
            rel = path.relative_to(root)
            if now - st.st_mtime > max_age:
                LOG.info("%s %s", "would remove" if dry else "removing", rel)
                stats.removed_files += 1
                stats.removed_bytes += st.st_size
                if not dry:
                    path.unlink()
            else:
                stats.kept[cache_key(rel, st.st_size)] = rel.as_posix()
        # drop now-empty sub-directories on the way back
        for d in dirnames:
            sub = Path(dirpath, d)
            if not dry and sub.is_dir() and not any(sub.iterdir()):
                sub.rmdir()


def write_manifest(root: Path, stats: PruneStats) -> Path:
    out = root / MANIFEST_NAME
    out.write_text(json.dumps({"generated": int(time.time()), "entries": stats.kept}, indent=2))
    os.chmod(out, 0o600)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="*", default=list(DEFAULT_TARGETS))
    ap.add_argument("--max-age-days", type=float, default=7.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--purge", action="store_true", help="remove target directories entirely")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path.cwd().resolve()
    stats = PruneStats()
    for name in args.targets:
        target = (root / name)
        if not target.exists():
            continue
        if not inside(root, target) or target.resolve() == root:
            LOG.warning("refusing to touch %s (outside project)", name)
            continue
        if args.purge and not args.dry_run:
            LOG.info("purging %s/", name)
            shutil.rmtree(target)
            continue
        prune_dir(root, target, args.max_age_days * 86400, stats, args.dry_run)

    manifest = write_manifest(root, stats)
    LOG.info("removed %d files (%.1f MiB); %d entries kept; manifest: %s",
             stats.removed_files, stats.removed_bytes / 2**20, len(stats.kept), manifest.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
