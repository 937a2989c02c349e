"""Removes stale entries from the application's own cache directory."""
import logging
import os
import shutil
import time
from pathlib import Path

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "myapp"
MAX_AGE = 7 * 24 * 3600


def stale(entry, now):
    return now - entry.stat().st_mtime > MAX_AGE


def clean(cache=CACHE):
    if not cache.exists():
        return 0
    removed = 0
    now = time.time()
    for entry in cache.iterdir():
        if not stale(entry, now):
            continue
        if entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
        removed += 1
    return removed


def main():
    logging.basicConfig(level=logging.INFO)
    logging.info("removed %d stale cache entries", clean())
    build = Path("build")
    if build.exists():
        shutil.rmtree(build)


main()
