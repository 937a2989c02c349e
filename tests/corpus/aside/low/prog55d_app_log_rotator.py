#!/usr/bin/env python3
"""Rotate this service's own log files in ./var/log.

Each log larger than the threshold is copied into a gzip archive
(app.log -> app.log.1.gz, older archives shift up) and then the live file
is truncated in place so the running process keeps its file descriptor.
"""
import argparse
import gzip
import logging
import os
import shutil
import sys
from pathlib import Path

logger = logging.getLogger("rotate")


def archive_name(log: Path, n: int) -> Path:
    return log.with_name(f"{log.name}.{n}.gz")


def shift_archives(log: Path, keep: int) -> None:
    oldest = archive_name(log, keep)
    if oldest.exists():
        oldest.unlink()
        logger.debug("dropped %s", oldest)
    for n in range(keep - 1, 0, -1):
        src = archive_name(log, n)
        if src.exists():
            src.rename(archive_name(log, n + 1))


def rotate_one(log: Path, keep: int) -> bool:
    shift_archives(log, keep)
    target = archive_name(log, 1)
    with log.open("rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
        shutil.copyfileobj(src, dst, length=1 << 20)
    os.chmod(target, 0o600)
    # copytruncate: the writer keeps appending to the same inode
    fd = os.open(log, os.O_WRONLY | os.O_TRUNC)
    os.close(fd)
    return True


def candidates(log_dir: Path, threshold: int):
    for path in sorted(log_dir.glob("*.log")):
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            continue
        if size >= threshold:
            yield path, size


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="var/log", help="relative to the project root")
    ap.add_argument("--max-mb", type=float, default=20.0)
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    log_dir = (Path.cwd() / args.dir).resolve()
    if Path.cwd().resolve() not in log_dir.parents:
        logger.error("refusing to rotate outside the project: %s", log_dir)
        return 2
    if not log_dir.is_dir():
        logger.info("nothing to do; %s does not exist", log_dir)
        return 0

    threshold = int(args.max_mb * 1024 * 1024)
    rotated = 0
    for path, size in candidates(log_dir, threshold):
        try:
            rotate_one(path, args.keep)
            rotated += 1
            logger.info("rotated %s (%.1f MB)", path.name, size / 1048576)
        except OSError as exc:
            logger.warning("could not rotate %s: %s", path, exc)
    logger.info("%d file(s) rotated", rotated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
