#!/usr/bin/env python3
"""Sweep stale build artefacts out of the project tree.

Replaces:  find . -name '*.o' -o -name '__pycache__' | xargs -I{} rm -rf {}
with something that stays inside the project root, supports a dry run and
keeps an md5-keyed manifest so repeated sweeps can skip unchanged trees.
"""
import argparse
import fnmatch
import hashlib
import json
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("sweeper")

FILE_PATTERNS = ("*.o", "*.pyc", "*.pyo", "*.so.tmp", "*.d", ".coverage.*")
DIR_PATTERNS = ("__pycache__", ".pytest_cache", ".mypy_cache", "*.egg-info")
SKIP_DIRS = {".git", ".hg", "node_modules", ".venv"}
MANIFEST = Path(".cache/sweeper-manifest.json")


def tree_key(root: Path) -> str:
    """Cheap cache key over names and mtimes (md5 is fine for this)."""
    h = hashlib.md5()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            p = os.path.join(dirpath, name)
            try:
                h.update(f"{p}:{os.stat(p).st_mtime_ns}".encode())
            except OSError:
                continue
    return h.hexdigest()


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        keep = []
        for d in dirnames:
            if d in SKIP_DIRS:
                continue
            if any(fnmatch.fnmatch(d, pat) for pat in DIR_PATTERNS):
                yield Path(dirpath, d), True
            else:
                keep.append(d)
        dirnames[:] = keep
        for f in filenames:
            if any(fnmatch.fnmatch(f, pat) for pat in FILE_PATTERNS):
                yield Path(dirpath, f), False


def inside(root: Path, p: Path) -> bool:
    try:
        p.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description="remove build/cache artefacts in this project")
    ap.add_argument("--dry-run", "-n", action="store_true")
    ap.add_argument("--force", action="store_true", help="ignore the manifest cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path.cwd().resolve()
    if not (root / ".git").exists() and not (root / "pyproject.toml").exists():
        log.error("refusing to run outside a project root (%s)", root)
        return 2

    key = tree_key(root)
    state = {}
    if MANIFEST.exists():
        state = json.loads(MANIFEST.read_text())
    if not args.force and state.get("key") == key:
        log.info("tree unchanged since last sweep, nothing to do")
        return 0

    removed = freed = 0
    for path, is_dir in candidates(root):
        if not inside(root, path) or path.is_symlink():
            log.warning("skip %s", path)
            continue
        size = sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if is_dir else path.stat().st_size
        log.info("%s %s", "would remove" if args.dry_run else "remove", path.relative_to(root))
        if not args.dry_run:
            try:
                shutil.rmtree(path) if is_dir else path.unlink()
            except OSError as exc:
                log.warning("could not remove %s: %s", path, exc)
                continue
        removed += 1
        freed += size

    log.info("%d item(s), %.1f KiB", removed, freed / 1024)
    if not args.dry_run:
        MANIFEST.parent.mkdir(parents=True, exist_ok=True)
        MANIFEST.write_text(json.dumps({"key": tree_key(root), "removed": removed}))
        os.chmod(MANIFEST, 0o600)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
