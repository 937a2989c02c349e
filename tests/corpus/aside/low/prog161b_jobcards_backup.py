#!/usr/bin/env python3
"""Nightly backup of the job card folder.

Zips ./job_cards into ./backups with a date stamp, writes a checksum file
next to it and keeps the newest N archives. The job cards themselves are
never modified.
"""
import argparse
import hashlib
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("jobcards_backup")

SOURCE = Path(os.environ.get("JOBCARD_DIR", "job_cards"))
DEST = Path(os.environ.get("BACKUP_DIR", "backups"))
PREFIX = "jobcards-"


def archive_name(now=None):
    now = now or datetime.now()
    return DEST / (PREFIX + now.strftime("%Y%m%d-%H%M%S") + ".zip")


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    return sorted(p for p in source.rglob("*") if p.is_file())


def make_archive(files, source, target):
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            zf.write(path, arcname=str(path.relative_to(source)))
    return target


def verify(target, expected):
    with zipfile.ZipFile(target) as zf:
        bad = zf.testzip()
        names = len(zf.namelist())
    if bad is not None:
        raise RuntimeError("corrupt member %s in %s" % (bad, target))
    if names != expected:
        raise RuntimeError("expected %d files, archive has %d" % (expected, names))


def write_checksum(target):
    checksum = target.with_suffix(".zip.sha256")
    checksum.write_text("%s  %s\n" % (sha256_of(target), target.name))
    os.chmod(checksum, 0o600)
    os.chmod(target, 0o600)
    return checksum


def prune(keep):
    archives = sorted(DEST.glob(PREFIX + "*.zip"))
    old = archives[:-keep] if keep > 0 else []
    for path in old:
        path.unlink()
        sidecar = path.with_suffix(".zip.sha256")
        if sidecar.exists():
            sidecar.unlink()
        log.info("pruned old backup %s", path.name)
    return len(old)


def main():
    parser = argparse.ArgumentParser(description="Back up job cards")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not SOURCE.is_dir():
        raise SystemExit("job card folder %s not found" % SOURCE)
    DEST.mkdir(exist_ok=True)
    files = collect(SOURCE)
    target = make_archive(files, SOURCE, archive_name())
    verify(target, len(files))
    write_checksum(target)
    log.info("backed up %d job cards to %s", len(files), target)
    prune(args.keep)


if __name__ == "__main__":
    main()
