import os
import shutil
import time
from pathlib import Path

CACHE = Path(".cache")
MAX_AGE = 7 * 24 * 3600


def cleanup():
    now = time.time()
    removed = 0
    if not CACHE.exists():
        return 0
    for p in CACHE.rglob("*"):
        if p.is_file() and now - p.stat().st_mtime > MAX_AGE:
            p.unlink()
            removed += 1
    for d in sorted(CACHE.glob("*"), reverse=True):
        if d.is_dir() and not any(d.iterdir()):
            shutil.rmtree(d)
    return removed


print("removed", cleanup())
