#!/usr/bin/env python3
"""Nightly backup of the booking records folder.

Packs the booking exports and waivers into a dated archive next to the
project, writes a checksum manifest and prunes old archives. The source
files are left untouched.
"""
import argparse
import hashlib
import json
import logging
import tarfile
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("booking-backup")

SOURCE = Path("records")
DEST = Path("backups")
KEEP_DAYS = 14
INCLUDE = {".csv", ".pdf", ".json", ".xlsx"}


def sha256_of(path, chunk=1 << 16):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def candidates(source):
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in INCLUDE:
            yield path


class BackupJob:
    def __init__(self, source, dest, keep_days):
        self.source = source
        self.dest = dest
        self.keep_days = keep_days
        self.stamp = datetime.now().strftime("%Y%m%d-%H%M%S")

    @property
    def archive_path(self):
        return self.dest / "bookings-{}.tar.gz".format(self.stamp)

    @property
    def manifest_path(self):
        return self.dest / "bookings-{}.manifest.json".format(self.stamp)

    def create(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        manifest = {}
        with tarfile.open(self.archive_path, "w:gz") as tar:
            for path in candidates(self.source):
                rel = path.relative_to(self.source)
                tar.add(path, arcname=str(rel))
                manifest[str(rel)] = {"sha256": sha256_of(path), "size": path.stat().st_size}
        self.manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        self.archive_path.chmod(0o600)
        self.manifest_path.chmod(0o600)
        log.info("archived %d files into %s", len(manifest), self.archive_path)
        return len(manifest)

    def prune(self):
        cutoff = datetime.now() - timedelta(days=self.keep_days)
        removed = 0
        for old in self.dest.glob("bookings-*"):
            if datetime.fromtimestamp(old.stat().st_mtime) < cutoff:
                old.unlink()
                removed += 1
        if removed:
            log.info("pruned %d old backup files", removed)
        return removed


def main():
    parser = argparse.ArgumentParser(description="Back up booking records")
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("--keep-days", type=int, default=KEEP_DAYS)
    parser.add_argument("--no-prune", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        log.error("source folder %s does not exist", args.source)
        return 1
    job = BackupJob(args.source, args.dest, args.keep_days)
    count = job.create()
    if not args.no_prune:
        job.prune()
    return 0 if count else 1


if __name__ == "__main__":
    raise SystemExit(main())
