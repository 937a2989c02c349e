#!/usr/bin/env python3
"""Prunes the application's own cache: removes entries older than the
retention period and keeps the cache under its size budget."""
import argparse
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("pruner")

CACHE_ROOT = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mapviewer" / "tiles"


def entries(root: Path):
    return [p for p in root.rglob("*") if p.is_file()]


def prune(root: Path, max_age_days: int, budget_mb: int) -> int:
    if not root.exists():
        return 0
    now = time.time()
    removed = 0
    files = sorted(entries(root), key=lambda p: p.stat().st_mtime)
    for item in files:
        if now - item.stat().st_mtime > max_age_days * 86400:
            item.unlink()
            removed += 1
    remaining = [p for p in files if p.exists()]
    total = sum(p.stat().st_size for p in remaining)
    while remaining and total > budget_mb * 1024 * 1024:
        oldest = remaining.pop(0)
        total -= oldest.stat().st_size
        oldest.unlink()
        removed += 1
    return removed


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--budget-mb", type=int, default=500)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    log.info("removed %d cache entries", prune(CACHE_ROOT, args.days, args.budget_mb))
