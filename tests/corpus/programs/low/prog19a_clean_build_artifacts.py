#!/usr/bin/env python3
"""Remove build artefacts and caches from the current project.

Deletes build/, dist/, *.egg-info, __pycache__, .pytest_cache, .mypy_cache
and coverage files below the working directory. Refuses to touch anything
outside the project root.
"""
import argparse
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("clean")

DIR_PATTERNS = ["build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                ".mypy_cache", ".ruff_cache", "htmlcov", ".tox"]
FILE_PATTERNS = ["*.pyc", "*.pyo", ".coverage", ".coverage.*", "coverage.xml"]
SKIP_DIRS = {".git", ".venv", "venv", "node_modules"}


def inside(root, path):
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def collect(root):
    """Yield artefact paths below root, never descending into SKIP_DIRS."""
    found = set()
    for pattern in DIR_PATTERNS:
        for path in root.rglob(pattern):
            if path.is_dir() and not SKIP_DIRS.intersection(path.relative_to(root).parts):
                found.add(path)
    for pattern in FILE_PATTERNS:
        for path in root.rglob(pattern):
            if path.is_file() and not SKIP_DIRS.intersection(path.relative_to(root).parts):
                found.add(path)
    # drop entries nested in a directory that is already going away
    return sorted(p for p in found if not any(q in p.parents for q in found))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path.cwd().resolve()
    if not (root / "pyproject.toml").exists() and not (root / "setup.py").exists():
        log.error("%s does not look like a Python project root", root)
        return 1

    removed = 0
    for path in collect(root):
        if not inside(root, path) or path == root:
            log.warning("refusing to remove %s", path)
            continue
        log.info("%s %s", "would remove" if args.dry_run else "removing",
                 path.relative_to(root))
        if args.dry_run:
            continue
        try:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
            removed += 1
        except OSError as exc:
            log.warning("could not remove %s: %s", path, exc)
    log.info("%d items removed", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
