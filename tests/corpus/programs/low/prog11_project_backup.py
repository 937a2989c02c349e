#!/usr/bin/env python3
"""Backs up the project in the working directory into ./backups/ as a dated
tar.gz, skipping build output, and keeps the newest N archives."""
import argparse
import datetime
import logging
import os
import tarfile
from pathlib import Path

SKIP = {".git", "build", "node_modules", "__pycache__", "backups", ".venv"}
log = logging.getLogger("backup")


def wanted(info):
    parts = Path(info.name).parts
    if any(p in SKIP for p in parts):
        return None
    return info


def make_archive(src: Path, dest_dir: Path) -> Path:
    dest_dir.mkdir(exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = dest_dir / f"{src.name}-{stamp}.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        tar.add(src, arcname=src.name, filter=wanted)
    log.info("wrote %s (%d bytes)", target, target.stat().st_size)
    return target


def prune(dest_dir: Path, keep: int):
    archives = sorted(dest_dir.glob("*.tar.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in archives[keep:]:
        log.info("removing old backup %s", old)
        old.unlink()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--dest", default="backups")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    src = Path(os.getcwd())
    dest = src / args.dest
    make_archive(src, dest)
    prune(dest, args.keep)


if __name__ == "__main__":
    main()
