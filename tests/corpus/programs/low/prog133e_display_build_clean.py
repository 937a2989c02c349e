#!/usr/bin/env python3
"""Clean build output for the scoreboard display project.

The display theme builder leaves compiled sprite sheets, font caches and
Python bytecode all over the project tree. This removes them so a fresh
build starts clean. Only touches paths inside the project directory.
"""

import argparse
import fnmatch
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("clean")

# directories produced by the build, relative to the project root
BUILD_DIRS = ["build", "dist", ".cache", "sprites/out", "fonts/.cache"]
# file patterns left anywhere in the tree
FILE_PATTERNS = ["*.pyc", "*.sprite.bin", "*.tmp", ".DS_Store"]
DIR_PATTERNS = ["__pycache__", "*.egg-info"]
SKIP = {".git", ".venv", "node_modules"}


def inside(root: Path, target: Path) -> bool:
    try:
        target.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


class Cleaner:
    def __init__(self, root: Path, dry_run: bool):
        self.root = root
        self.dry_run = dry_run
        self.freed = 0
        self.removed = 0

    def _size(self, path: Path):
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

    def remove(self, path: Path):
        if not inside(self.root, path) or path.is_symlink():
            log.warning("refusing to remove %s", path)
            return
        size = self._size(path)
        if self.dry_run:
            log.info("would remove %s (%d bytes)", path, size)
            return
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        self.freed += size
        self.removed += 1

    def clean_build_dirs(self):
        for rel in BUILD_DIRS:
            target = self.root / rel
            if target.exists():
                self.remove(target)

    def clean_tree(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP]
            for d in list(dirnames):
                if any(fnmatch.fnmatch(d, pat) for pat in DIR_PATTERNS):
                    self.remove(Path(dirpath) / d)
                    dirnames.remove(d)
            for name in filenames:
                if any(fnmatch.fnmatch(name, pat) for pat in FILE_PATTERNS):
                    self.remove(Path(dirpath) / name)


def main():
    parser = argparse.ArgumentParser(description="Clean display build output")
    parser.add_argument("--root", default=".")
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    root = Path(args.root)
    if not (root / "display.toml").exists():
        log.error("%s does not look like the display project", root)
        return 1

    cleaner = Cleaner(root, args.dry_run)
    cleaner.clean_build_dirs()
    cleaner.clean_tree()
    if not args.dry_run:
        log.info("removed %d items, freed %.1f MiB",
                 cleaner.removed, cleaner.freed / 1048576)
    return 0


if __name__ == "__main__":
    sys.exit(main())
