#!/usr/bin/env python3
"""Tidy a student's course workspace before resubmission.

Run from the root of the assignment checkout. Removes notebook checkpoints,
bytecode caches, test caches and build output, and optionally restores the
starter notebooks that ship in ./.starter/. Never touches anything above the
current directory.
"""
import argparse
import fnmatch
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("workspace-tidy")

CACHE_DIRS = (".ipynb_checkpoints", "__pycache__", ".pytest_cache", ".mypy_cache", "build", "dist")
CACHE_FILES = ("*.pyc", "*.pyo", "*.nbconvert.ipynb", ".coverage")


def inside(root, path):
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def walk_targets(root):
    """Yield cache directories and files under root, depth first."""
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        here = Path(dirpath)
        if ".starter" in here.parts or ".git" in here.parts:
            dirnames[:] = []
            continue
        for d in list(dirnames):
            if d in CACHE_DIRS:
                dirnames.remove(d)
                yield here / d
        for f in filenames:
            if any(fnmatch.fnmatch(f, pat) for pat in CACHE_FILES):
                yield here / f


def remove(path, dry_run):
    if dry_run:
        log.info("would remove %s", path)
        return 0
    if path.is_dir() and not path.is_symlink():
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
        shutil.rmtree(path)
    else:
        size = path.lstat().st_size
        path.unlink()
    log.debug("removed %s", path)
    return size


def restore_starters(root, dry_run):
    starter = root / ".starter"
    if not starter.is_dir():
        log.info("no .starter directory, nothing to restore")
        return 0
    restored = 0
    for src in starter.rglob("*.ipynb"):
        dest = root / src.relative_to(starter)
        if dest.exists():
            backup = dest.with_suffix(".ipynb.bak")
            if not dry_run:
                shutil.copy2(dest, backup)
        if dry_run:
            log.info("would restore %s", dest)
        else:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
            os.chmod(dest, 0o600)
        restored += 1
    return restored


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--restore-starters", action="store_true",
                    help="copy starter notebooks back (originals kept as .bak)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path.cwd().resolve()
    if root == Path(root.anchor) or root == Path.home().resolve():
        log.error("refusing to tidy %s; run this inside an assignment directory", root)
        return 2

    freed = 0
    count = 0
    for target in walk_targets(root):
        if not inside(root, target):
            log.warning("skipping %s (outside workspace)", target)
            continue
        try:
            freed += remove(target, args.dry_run)
            count += 1
        except OSError as exc:
            log.warning("could not remove %s: %s", target, exc)

    log.info("%s %d cache entries (%.1f MiB)", "found" if args.dry_run else "removed",
             count, freed / (1 << 20))
    if args.restore_starters:
        n = restore_starters(root, args.dry_run)
        log.info("restored %d starter notebooks", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
