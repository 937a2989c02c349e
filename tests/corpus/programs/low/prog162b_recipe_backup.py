#!/usr/bin/env python3
"""Nightly backup of the brew team's recipe and brew-log folder.

Packs the recipes into a dated tar.gz under backups/, leaves the originals
where they are, and keeps only the most recent archives.
"""
import argparse
import hashlib
import logging
import os
import sys
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("recipe-backup")

SOURCE = Path(os.environ.get("RECIPE_DIR", "recipes"))
DEST = Path(os.environ.get("RECIPE_BACKUP_DIR", "backups"))
INCLUDE = {".json", ".xml", ".beerxml", ".md", ".csv", ".txt"}


def collect(source):
    files = []
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in INCLUDE:
            files.append(path)
    return files


def sha256sum(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def make_archive(files, source, dest):
    dest.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"recipes-{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            tar.add(path, arcname=str(path.relative_to(source.parent)))
    os.chmod(archive, 0o600)
    digest = sha256sum(archive)
    (archive.with_suffix(".sha256")).write_text(f"{digest}  {archive.name}\n")
    return archive, digest


def verify(archive, expected_count):
    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
    if len(members) != expected_count:
        raise RuntimeError(f"{archive} holds {len(members)} files, expected {expected_count}")


def prune(dest, keep):
    archives = sorted(dest.glob("recipes-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        LOG.info("removing old backup %s", old.name)
        old.unlink()
        checksum = old.with_suffix(".sha256")
        if checksum.exists():
            checksum.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        LOG.error("recipe folder %s not found", args.source)
        return 1
    files = collect(args.source)
    if not files:
        LOG.warning("no recipe files in %s", args.source)
        return 0
    archive, digest = make_archive(files, args.source, args.dest)
    verify(archive, len(files))
    LOG.info("backed up %d files to %s (sha256 %s)", len(files), archive, digest[:12])
    prune(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
