#!/usr/bin/env python3
"""Clean this project's own ./.cache directory.

The build tooling stores downloaded fixtures and intermediate results in
./.cache.  This script reports its size and removes it (or only entries
older than --older-than days).  It refuses to touch any path that does
not resolve to .cache inside the current working directory.
"""
import argparse
import logging
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("cache-clean")

CACHE_NAME = ".cache"


class UnsafePath(Exception):
    pass


def cache_dir() -> Path:
    root = Path.cwd().resolve()
    candidate = root / CACHE_NAME
    if candidate.is_symlink():
        raise UnsafePath(f"{candidate} is a symlink; refusing")
    cache = candidate.resolve()
    if cache.parent != root or cache.name != CACHE_NAME:
        raise UnsafePath(f"{cache} is not ./{CACHE_NAME} of {root}")
    return cache


def entry_size(path: Path) -> int:
    if path.is_file() or path.is_symlink():
        return path.lstat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file())


def human(nbytes: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if nbytes < 1024:
            return f"{nbytes:.0f} {unit}"
        nbytes /= 1024
    return f"{nbytes:.1f} TiB"


def remove_entry(path: Path, dry_run: bool) -> None:
    if dry_run:
        log.info("would remove %s", path)
        return
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
    log.info("removed %s", path)


def clean(cache: Path, older_than_days, dry_run: bool) -> int:
    cutoff = time.time() - older_than_days * 86400 if older_than_days else None
    freed = 0
    for entry in sorted(cache.iterdir()):
        if cutoff is not None and entry.lstat().st_mtime > cutoff:
            continue
        size = entry_size(entry)
        remove_entry(entry, dry_run)
        freed += size
    return freed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Remove the project's ./.cache contents")
    ap.add_argument("--older-than", type=float, metavar="DAYS",
                    help="only remove entries not modified for DAYS days")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        cache = cache_dir()
    except UnsafePath as exc:
        log.error("%s", exc)
        return 2
    if not cache.exists():
        print(f"nothing to do: ./{CACHE_NAME} does not exist")
        return 0
    try:
        before = entry_size(cache)
        freed = clean(cache, args.older_than, args.dry_run)
    except OSError as exc:
        log.error("cleaning failed: %s", exc)
        return 1
    verb = "would free" if args.dry_run else "freed"
    print(f"./{CACHE_NAME}: {human(before)} total, {verb} {human(freed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
