#!/usr/bin/env python3
"""Nightly backup of brides' measurement sheets.

Packs the measurements folder into a dated archive under backups/, keeps
the original sheets where they are, writes a checksum manifest and prunes
archives older than the retention window.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from datetime import datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("measure_backup")

SETTINGS = {
    "source": "measurements",
    "dest": "backups",
    "keep_days": 30,
    "pattern": "measurements-%Y%m%d-%H%M%S.tar.gz",
}


def sha256_of(path, chunk=65536):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    files = sorted(p for p in source.rglob("*") if p.is_file())
    LOG.info("found %d sheets in %s", len(files), source)
    return files


def write_archive(files, source, dest, pattern):
    dest.mkdir(parents=True, exist_ok=True)
    archive = dest / datetime.now().strftime(pattern)
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            tar.add(path, arcname=str(path.relative_to(source.parent)))
    os.chmod(archive, 0o600)
    return archive


def write_manifest(files, archive):
    manifest = archive.with_suffix("").with_suffix(".manifest.json")
    entries = {str(p): sha256_of(p) for p in files}
    manifest.write_text(json.dumps({"archive": archive.name, "files": entries}, indent=2))
    os.chmod(manifest, 0o600)
    return manifest


def prune(dest, keep_days):
    cutoff = datetime.now() - timedelta(days=keep_days)
    removed = 0
    for old in dest.glob("measurements-*"):
        if datetime.fromtimestamp(old.stat().st_mtime) < cutoff:
            old.unlink()
            removed += 1
    if removed:
        LOG.info("pruned %d old backup files", removed)


def verify(archive, files, source):
    with tarfile.open(archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = [p for p in files if str(p.relative_to(source.parent)) not in names]
    return not missing


def main():
    parser = argparse.ArgumentParser(description="Back up measurement sheets")
    parser.add_argument("--source", type=Path, default=Path(SETTINGS["source"]))
    parser.add_argument("--dest", type=Path, default=Path(SETTINGS["dest"]))
    parser.add_argument("--keep-days", type=int, default=SETTINGS["keep_days"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        LOG.error("no measurements folder at %s", args.source)
        return 1
    files = collect(args.source)
    archive = write_archive(files, args.source, args.dest, SETTINGS["pattern"])
    manifest = write_manifest(files, archive)
    LOG.info("archive %s (%s)", archive, "verified" if verify(archive, files, args.source) else "CHECK FAILED")
    LOG.info("manifest %s", manifest)
    prune(args.dest, args.keep_days)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
