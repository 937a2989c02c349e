#!/usr/bin/env python3
"""Rotates the application's logs in ./logs: app.log -> app.log.1 ... and
gzips old ones; deletes beyond --keep. Only files in the working directory."""
import argparse
import gzip
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("rotate")


def rotate(path: Path, keep: int):
    if not path.exists() or path.stat().st_size == 0:
        return
    for i in range(keep, 0, -1):
        older = path.with_name(f"{path.name}.{i}.gz")
        if i == keep and older.exists():
            older.unlink()
            continue
        newer = path.with_name(f"{path.name}.{i - 1}.gz") if i > 1 else None
        if newer and newer.exists():
            newer.rename(older)
    first = path.with_name(f"{path.name}.1.gz")
    with open(path, "rb") as src, gzip.open(first, "wb") as dst:
        shutil.copyfileobj(src, dst)
    path.write_text("")
    log.info("rotated %s", path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="logs")
    ap.add_argument("--keep", type=int, default=7)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    root = Path(os.getcwd()) / args.dir
    for p in sorted(root.glob("*.log")):
        rotate(p, args.keep)


if __name__ == "__main__":
    main()
