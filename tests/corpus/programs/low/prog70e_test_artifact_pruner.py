#!/usr/bin/env python3
"""Prune old test artifacts in the repository checkout.

UI and device-farm runs leave screenshots, videos, HAR files and JUnit output
under ./artifacts/<suite>/<run-id>/. This keeps the newest N runs per suite,
collapses duplicate screenshots (identical images across runs) into a shared
store keyed by content hash, and clears the local tool caches the test runs
create (.pytest_cache, htmlcov, .coverage.*).

    python test_artifact_pruner.py --keep 5
    python test_artifact_pruner.py --keep 2 --dry-run
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("artifact-pruner")

CACHE_DIRS = (".pytest_cache", "htmlcov", ".hypothesis/examples", ".mypy_cache")
CACHE_GLOBS = (".coverage.*", "junit-*.xml.partial")
DEDUP_SUFFIXES = {".png", ".jpg", ".webp"}


def inside(root: Path, target: Path) -> bool:
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


class Pruner:
    def __init__(self, root: Path, keep: int, dry_run: bool):
        self.root = root
        self.artifacts = root / "artifacts"
        self.store = self.artifacts / ".shared"
        self.keep = keep
        self.dry_run = dry_run
        self.freed = 0

    def _size(self, path: Path) -> int:
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

    def _remove(self, path: Path) -> None:
        if not inside(self.root, path):
            log.error("refusing to touch %s (outside %s)", path, self.root)
            return
        size = self._size(path)
        log.info("%s %s (%.1f MB)", "would remove" if self.dry_run else "removing", path, size / 1e6)
        if self.dry_run:
            return
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        self.freed += size

    def prune_runs(self) -> None:
        if not self.artifacts.is_dir():
            log.info("no artifacts directory")
            return
        for suite in sorted(p for p in self.artifacts.iterdir() if p.is_dir() and not p.name.startswith(".")):
            runs = sorted((r for r in suite.iterdir() if r.is_dir()), key=lambda r: r.stat().st_mtime, reverse=True)
            for old in runs[self.keep:]:
                self._remove(old)

    def dedup_screenshots(self) -> int:
        if not self.artifacts.is_dir():
            return 0
        index_path = self.store / "index.json"
        index = json.loads(index_path.read_text()) if index_path.exists() else {}
        linked = 0
        for img in self.artifacts.rglob("*"):
            if img.suffix.lower() not in DEDUP_SUFFIXES or self.store in img.parents or img.is_symlink():
                continue
            key = hashlib.md5(img.read_bytes()).hexdigest()
            shared = self.store / f"{key}{img.suffix.lower()}"
            if self.dry_run:
                linked += shared.exists()
                continue
            self.store.mkdir(parents=True, exist_ok=True)
            if not shared.exists():
                shutil.move(str(img), shared)
                index[key] = {"first_seen": str(img.relative_to(self.artifacts)), "ts": int(time.time())}
            else:
                self.freed += img.stat().st_size
                img.unlink()
                linked += 1
            img.symlink_to(os.path.relpath(shared, img.parent))
        if not self.dry_run and index:
            index_path.write_text(json.dumps(index, indent=1))
        return linked

    def clear_tool_caches(self) -> None:
        for name in CACHE_DIRS:
            p = self.root / name
            if p.exists():
                self._remove(p)
        for pattern in CACHE_GLOBS:
            for p in self.root.glob(pattern):
                self._remove(p)


def main() -> int:
    ap = argparse.ArgumentParser(description="prune old test artifacts in the checkout")
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--keep", type=int, default=5, help="runs to keep per suite")
    ap.add_argument("--no-dedup", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.keep < 1:
        ap.error("--keep must be at least 1")
    if not (args.root / ".git").exists():
        log.error("%s does not look like a checkout", args.root)
        return 2
    pruner = Pruner(args.root, args.keep, args.dry_run)
    pruner.prune_runs()
    if not args.no_dedup:
        log.info("%d duplicate screenshot(s) linked to shared store", pruner.dedup_screenshots())
    pruner.clear_tool_caches()
    log.info("freed %.1f MB", pruner.freed / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
