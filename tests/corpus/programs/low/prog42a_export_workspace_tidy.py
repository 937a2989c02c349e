#!/usr/bin/env python3
"""Housekeeping for the order-export workspace.

Removes stale build output and caches that previous export runs left in the
current project directory, locks down the permissions of the exports it keeps
and writes a short environment stamp for the support ticket.
"""
import argparse
import logging
import os
import shutil
import time
from pathlib import Path

STALE_DIRS = ("build", "dist", ".export_cache", "__pycache__")
STALE_GLOBS = ("*.pyc", "*.partial", "orders_*.tmp")
KEEP_EXPORTS = "exports/*.csv"

log = logging.getLogger("tidy")


def inside_workspace(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root)
        return True
    except ValueError:
        return False


def os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except FileNotFoundError:
        pass
    return info


def remove_stale(root: Path, dry_run: bool) -> int:
    removed = 0
    for name in STALE_DIRS:
        for d in root.rglob(name):
            if d.is_dir() and inside_workspace(d, root):
                log.info("removing dir %s", d.relative_to(root))
                if not dry_run:
                    shutil.rmtree(d, ignore_errors=True)
                removed += 1
    for pattern in STALE_GLOBS:
        for f in root.rglob(pattern):
            if f.is_file() and inside_workspace(f, root):
                log.info("removing file %s", f.relative_to(root))
                if not dry_run:
                    f.unlink(missing_ok=True)
                removed += 1
    return removed


def protect_exports(root: Path, dry_run: bool) -> int:
    n = 0
    for f in root.glob(KEEP_EXPORTS):
        if not dry_run:
            os.chmod(f, 0o600)
        n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    root = Path.cwd().resolve()
    if not (root / "exports").is_dir():
        log.error("run this from the export project directory (no ./exports found)")
        raise SystemExit(1)

    removed = remove_stale(root, args.dry_run)
    protected = protect_exports(root, args.dry_run)
    rel = os_release()
    stamp = root / "tidy_stamp.txt"
    if not args.dry_run:
        stamp.write_text(
            f"time={time.strftime('%Y-%m-%dT%H:%M:%S')}\n"
            f"os={rel.get('PRETTY_NAME', 'unknown')}\n"
            f"removed={removed}\nprotected={protected}\n",
            encoding="utf-8",
        )
    log.info("removed %d stale entries, protected %d exports", removed, protected)


if __name__ == "__main__":
    main()
