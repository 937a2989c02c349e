#!/usr/bin/env python3
"""Render cache cleaner.

DAW projects accumulate peak files, waveform caches and freeze renders
that can be rebuilt at any time. This trims them from the current
project folder before it is archived, leaving the source audio alone.
"""
import argparse
import logging
import os
import pathlib
import shutil

log = logging.getLogger("cache_clean")

# Rebuildable artefacts only; never audio sources or session files.
CACHE_SUFFIXES = {".reapeaks", ".pk", ".peak", ".asd", ".ovw"}
CACHE_DIRS = {"peaks", "Peak Files", "Freeze Files", "__render_cache__", "Bounced Files.tmp"}


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"


class Cleaner:
    def __init__(self, root, dry_run):
        self.root = root.resolve()
        self.dry_run = dry_run
        self.freed = 0
        self.removed = 0

    def _inside(self, path):
        try:
            path.resolve().relative_to(self.root)
            return True
        except ValueError:
            return False

    def remove_file(self, path):
        if not self._inside(path):
            return
        size = path.stat().st_size
        if not self.dry_run:
            path.unlink()
        self.freed += size
        self.removed += 1

    def remove_dir(self, path):
        if not self._inside(path) or path.resolve() == self.root:
            return
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
        if not self.dry_run:
            shutil.rmtree(path)
        self.freed += size
        self.removed += 1

    def run(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            here = pathlib.Path(dirpath)
            for d in list(dirnames):
                if d in CACHE_DIRS:
                    self.remove_dir(here / d)
                    dirnames.remove(d)
            for f in filenames:
                if pathlib.Path(f).suffix.lower() in CACHE_SUFFIXES:
                    self.remove_file(here / f)


def main():
    parser = argparse.ArgumentParser(description="Remove rebuildable DAW caches from a project")
    parser.add_argument("project", nargs="?", default=".", type=pathlib.Path)
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = args.project
    if not (root / ".studio-project").exists() and not any(root.glob("*.rpp")):
        log.error("%s does not look like a project folder", root)
        return 1

    cleaner = Cleaner(root, args.dry_run)
    cleaner.run()
    verb = "would free" if args.dry_run else "freed"
    log.info("%d items, %s %s", cleaner.removed, verb, human(cleaner.freed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
