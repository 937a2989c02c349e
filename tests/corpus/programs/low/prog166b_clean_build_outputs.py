#!/usr/bin/env python3
"""Clean engraving build outputs in the current project.

Removes generated PDFs, MIDI files and the LilyPond build cache from the
project's own build directories, and reports stale cache entries whose
source .ly files no longer exist.
"""
import argparse
import hashlib
import json
import logging
import shutil
from pathlib import Path

log = logging.getLogger("clean-build")

BUILD_DIRS = ("build", "out", ".ly-cache")
GENERATED_EXTS = {".pdf", ".midi", ".mid", ".png", ".svg", ".log"}
CACHE_INDEX = Path(".ly-cache/index.json")


def cache_key(source):
    return hashlib.md5(source.read_bytes()).hexdigest()


def stale_cache_entries(project):
    index_path = project / CACHE_INDEX
    if not index_path.exists():
        return []
    index = json.loads(index_path.read_text())
    stale = []
    for rel, key in index.items():
        src = project / rel
        if not src.exists() or cache_key(src) != key:
            stale.append(rel)
    return stale


def generated_files(build_dir):
    for path in build_dir.rglob("*"):
        if path.is_file() and path.suffix.lower() in GENERATED_EXTS:
            yield path


def dir_size(path):
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def clean(project, remove_all, dry_run):
    freed = 0
    for name in BUILD_DIRS:
        build_dir = (project / name).resolve()
        if not build_dir.is_dir() or project.resolve() not in build_dir.parents:
            continue
        if remove_all:
            size = dir_size(build_dir)
            log.info("removing %s (%.1f MB)", build_dir, size / 1e6)
            if not dry_run:
                shutil.rmtree(build_dir)
            freed += size
            continue
        for path in generated_files(build_dir):
            freed += path.stat().st_size
            log.debug("removing %s", path)
            if not dry_run:
                path.unlink()
    return freed


def main():
    parser = argparse.ArgumentParser(description="Clean engraving build outputs")
    parser.add_argument("--all", action="store_true", help="remove whole build directories")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    project = Path.cwd()
    stale = stale_cache_entries(project)
    for rel in stale:
        log.info("stale cache entry: %s", rel)
    freed = clean(project, args.all, args.dry_run)
    verb = "would free" if args.dry_run else "freed"
    log.info("%s %.1f MB in %s", verb, freed / 1e6, project)


if __name__ == "__main__":
    main()
