#!/usr/bin/env python3
"""Rotate the pager relay's logs.

The relay writes one line per received page into ``logs/pager-relay.log``
and the crew-room PC has a small SSD, so this runs nightly: it compresses
the current log to ``pager-relay.YYYYMMDD.log.gz``, keeps the last N days
and clears the relay's decoder cache.

    pager_relay_logrotate.py [--log-dir logs] [--keep 14]
"""

import argparse
import gzip
import logging
import shutil
import sys
import time
from datetime import date
from pathlib import Path

log = logging.getLogger("rotate")

PATTERN = "pager-relay"
CACHE_DIR = ".decoder-cache"


def compress(src, dest):
    with open(src, "rb") as fin, gzip.open(dest, "wb", compresslevel=6) as fout:
        shutil.copyfileobj(fin, fout)


def rotate(log_dir, keep):
    current = log_dir / f"{PATTERN}.log"
    if current.exists() and current.stat().st_size:
        stamp = date.today().strftime("%Y%m%d")
        target = log_dir / f"{PATTERN}.{stamp}.log.gz"
        n = 1
        while target.exists():
            target = log_dir / f"{PATTERN}.{stamp}-{n}.log.gz"
            n += 1
        compress(current, target)
        # truncate in place so the relay keeps its open handle
        with open(current, "r+") as fh:
            fh.truncate(0)
        log.info("rotated %s -> %s", current.name, target.name)
    archives = sorted(log_dir.glob(f"{PATTERN}.*.log.gz"), key=lambda p: p.stat().st_mtime)
    for old in archives[:-keep] if keep else archives:
        old.unlink()
        log.info("removed %s", old.name)


class CacheTrim:
    """Clears the relay's own decoder cache files older than max_age."""

    def __init__(self, base=".", max_age_days=3):
        self.cache = Path(base) / CACHE_DIR
        self.max_age = max_age_days * 86400

    def files(self):
        if not self.cache.is_dir():
            return
        cutoff = time.time() - self.max_age
        for p in self.cache.glob("*.bin"):
            if p.is_file() and p.stat().st_mtime < cutoff:
                yield p

    def run(self):
        done = 0
        for p in self.files():
            try:
                p.unlink()
                done += 1
            except OSError as exc:
                log.warning("could not remove %s: %s", p, exc)
        log.debug("removed %d stale cache files", done)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate pager relay logs")
    ap.add_argument("--log-dir", default="logs")
    ap.add_argument("--keep", type=int, default=14, help="archives to keep")
    ap.add_argument("--logs-only", action="store_true",
                    help="do not clear the decoder cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    log_dir = Path(args.log_dir)
    if not log_dir.is_dir():
        log.error("log directory %s not found", log_dir)
        return 1
    started = time.monotonic()
    try:
        rotate(log_dir, args.keep)
    except OSError as exc:
        log.error("rotation failed: %s", exc)
        return 1
    if not args.logs_only:
        CacheTrim().run()
    log.info("done in %.1fs", time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
