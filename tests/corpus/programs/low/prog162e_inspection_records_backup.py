#!/usr/bin/env python3
"""Nightly backup of vehicle inspection records.

Packs the daily-check sheets, defect photos and MOT paperwork into a dated
archive under the backup folder and keeps the last N archives. The
original records are left in place untouched.
"""

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("inspection_backup")

SOURCE = Path(os.environ.get("INSPECTION_RECORDS", "records"))
BACKUP_DIR = Path(os.environ.get("INSPECTION_BACKUPS", "backups"))
PREFIX = "inspections-"


def collect(source):
    files = []
    for path in sorted(source.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            files.append(path)
    return files


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def make_archive(source, files, backup_dir):
    backup_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = backup_dir / f"{PREFIX}{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            rel = path.relative_to(source)
            tar.add(path, arcname=str(Path(source.name) / rel))
            manifest[str(rel)] = sha256_of(path)
    manifest_path = archive.with_suffix("").with_suffix(".json")
    manifest_path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    archive.chmod(0o600)
    manifest_path.chmod(0o600)
    LOG.info("wrote %s (%d files)", archive, len(files))
    return archive


def verify_archive(archive):
    with tarfile.open(archive, "r:gz") as tar:
        names = tar.getnames()
    LOG.debug("archive lists %d members", len(names))
    return len(names)


def prune(backup_dir, keep):
    archives = sorted(backup_dir.glob(f"{PREFIX}*.tar.gz"))
    old = archives[:-keep] if keep > 0 else []
    for archive in old:
        manifest = archive.with_suffix("").with_suffix(".json")
        archive.unlink()
        if manifest.exists():
            manifest.unlink()
        LOG.info("pruned old backup %s", archive.name)
    return len(old)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Back up inspection records")
    parser.add_argument("--source", default=str(SOURCE))
    parser.add_argument("--dest", default=str(BACKUP_DIR))
    parser.add_argument("--keep", type=int, default=14,
                        help="number of archives to keep")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    source = Path(args.source)
    if not source.is_dir():
        LOG.error("source folder %s does not exist", source)
        return 1
    files = collect(source)
    if not files:
        LOG.warning("no records found in %s", source)
        return 0
    archive = make_archive(source, files, Path(args.dest))
    if verify_archive(archive) != len(files):
        LOG.error("archive member count does not match, keeping older backups")
        return 1
    prune(Path(args.dest), args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
