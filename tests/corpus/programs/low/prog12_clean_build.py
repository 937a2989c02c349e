"""Removes build outputs and caches of this repository."""
import argparse
import logging
import shutil
from pathlib import Path

log = logging.getLogger("clean")

TARGETS = ["build", "dist", ".pytest_cache", ".mypy_cache", "htmlcov"]


def clean(root: Path, dry: bool) -> int:
    removed = 0
    for name in TARGETS:
        p = root / name
        if p.exists():
            log.info("removing %s", p)
            if not dry:
                shutil.rmtree(p)
            removed += 1
    for cache in root.rglob("__pycache__"):
        if not dry:
            shutil.rmtree(cache, ignore_errors=True)
        removed += 1
    for egg in root.glob("*.egg-info"):
        if not dry:
            shutil.rmtree(egg)
        removed += 1
    return removed


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    print(clean(Path(".").resolve(), args.dry_run), "entries")
