#!/usr/bin/env python3
"""Backs up the club boat logbook and damage reports.

Copies the logbook folder into a dated, compressed archive in the
backups folder, leaving the originals untouched, and prunes archives
beyond the retention count.
"""
import argparse
import hashlib
import logging
import os
import sys
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("logbook-backup")

SOURCE = Path(os.environ.get("LOGBOOK_DIR", "logbook"))
BACKUPS = Path(os.environ.get("BACKUP_DIR", "backups"))
KEEP = int(os.environ.get("BACKUP_KEEP", "14"))


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def make_archive(source, dest_dir):
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"logbook-{stamp}.tar.gz"
    count = 0
    with tarfile.open(archive, "w:gz") as tar:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                tar.add(path, arcname=path.relative_to(source.parent))
                count += 1
    os.chmod(archive, 0o600)
    log.info("archived %d files into %s", count, archive)
    return archive, count


def write_checksum(archive):
    digest = file_digest(archive)
    sidecar = archive.with_name(archive.name + ".sha256")
    sidecar.write_text(f"{digest}  {archive.name}\n")
    return digest


def verify(archive, expected_count):
    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
    if len(members) != expected_count:
        raise RuntimeError(f"archive has {len(members)} files, expected {expected_count}")


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob("logbook-*.tar.gz"))
    old = archives[:-keep] if keep > 0 else []
    for archive in old:
        archive.unlink()
        sidecar = archive.with_name(archive.name + ".sha256")
        if sidecar.exists():
            sidecar.unlink()
        log.info("pruned %s", archive.name)
    return len(old)


def main():
    parser = argparse.ArgumentParser(description="Back up the boat logbook")
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--dest", type=Path, default=BACKUPS)
    parser.add_argument("--keep", type=int, default=KEEP)
    parser.add_argument("--no-prune", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        log.error("logbook folder %s missing", args.source)
        return 1

    archive, count = make_archive(args.source, args.dest)
    try:
        verify(archive, count)
    except (tarfile.TarError, RuntimeError) as exc:
        log.error("verification failed: %s", exc)
        return 2
    digest = write_checksum(archive)
    log.info("sha256 %s", digest)
    if not args.no_prune:
        prune(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
