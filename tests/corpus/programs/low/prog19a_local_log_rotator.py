#!/usr/bin/env python3
"""Rotate the application's own log files in ./logs.

When a log exceeds the size limit it is renamed to name.1, older copies are
shifted up and compressed, and anything beyond --keep generations is
deleted. Only files inside the project's log directory are touched.
"""
import argparse
import gzip
import logging
import shutil
import sys
from pathlib import Path

log = logging.getLogger("rotate")


def generation_path(path, n):
    suffix = ".{}".format(n) + (".gz" if n > 1 else "")
    return path.with_name(path.name + suffix)


def compress(src, dst):
    with open(src, "rb") as fin, gzip.open(dst, "wb") as fout:
        shutil.copyfileobj(fin, fout)
    src.unlink()


def rotate(path, keep):
    """Shift generations of one log file and start a fresh one."""
    oldest = generation_path(path, keep)
    if oldest.exists():
        oldest.unlink()
    for n in range(keep - 1, 0, -1):
        current = generation_path(path, n)
        if not current.exists():
            continue
        if n == 1:
            compress(current, generation_path(path, 2))
        else:
            current.rename(generation_path(path, n + 1))
    path.rename(generation_path(path, 1))
    path.touch()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path("logs"))
    parser.add_argument("--max-bytes", type=int, default=10 * 1024 * 1024)
    parser.add_argument("--keep", type=int, default=5)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    log_dir = args.dir.resolve()
    if Path.cwd().resolve() not in log_dir.parents:
        log.error("log directory must be inside the working directory")
        return 2
    if not log_dir.is_dir():
        log.info("nothing to do: %s does not exist", log_dir)
        return 0

    rotated = 0
    for path in sorted(log_dir.glob("*.log")):
        try:
            if path.stat().st_size >= args.max_bytes:
                rotate(path, args.keep)
                rotated += 1
                log.info("rotated %s", path.name)
        except OSError as exc:
            log.warning("%s: %s", path.name, exc)
    log.info("%d file(s) rotated", rotated)
    return 0


if __name__ == "__main__":
    sys.exit(main())
