#!/usr/bin/env python3
"""Nightly backup of the shop's ledger and settlement sheets.

Walks the ledger folder, copies everything into a dated zip archive in
the backups folder and records a checksum manifest. The originals are
never touched. Old archives made by this tool are pruned after N days.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import zipfile
from datetime import datetime
from pathlib import Path

ARCHIVE_PREFIX = "ledger-"
INCLUDE = {".csv", ".xlsx", ".sqlite3", ".db", ".pdf", ".json"}

log = logging.getLogger("ledger_backup")


def sha256_of(path, bufsize=1 << 16):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    for dirpath, dirnames, filenames in os.walk(source):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if path.suffix.lower() in INCLUDE:
                yield path


def make_archive(source, dest_dir):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / "{}{}.zip".format(ARCHIVE_PREFIX, stamp)
    manifest = {}
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in collect(source):
            rel = path.relative_to(source).as_posix()
            zf.write(path, arcname=rel)
            manifest[rel] = sha256_of(path)
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2, sort_keys=True))
    os.chmod(archive, 0o600)
    return archive, manifest


def verify(archive, manifest):
    with zipfile.ZipFile(archive) as zf:
        bad = zf.testzip()
        if bad:
            raise RuntimeError("corrupt member in archive: " + bad)
        for rel, expected in manifest.items():
            if hashlib.sha256(zf.read(rel)).hexdigest() != expected:
                raise RuntimeError("checksum mismatch for " + rel)


def prune(dest_dir, keep_days):
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for old in dest_dir.glob(ARCHIVE_PREFIX + "*.zip"):
        if old.stat().st_mtime < cutoff:
            old.unlink()
            removed += 1
    return removed


def main():
    parser = argparse.ArgumentParser(description="Back up the shop ledger folder")
    parser.add_argument("source", type=Path, nargs="?", default=Path("ledger"))
    parser.add_argument("--dest", type=Path, default=Path("backups"))
    parser.add_argument("--keep-days", type=int, default=30)
    parser.add_argument("--no-prune", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        log.error("ledger folder not found: %s", args.source)
        return 2
    args.dest.mkdir(parents=True, exist_ok=True)

    archive, manifest = make_archive(args.source, args.dest)
    try:
        verify(archive, manifest)
    except RuntimeError as exc:
        log.error("backup failed verification: %s", exc)
        return 1
    log.info("backed up %d files to %s", len(manifest), archive)

    if not args.no_prune:
        log.info("pruned %d old archives", prune(args.dest, args.keep_days))
    return 0


if __name__ == "__main__":
    sys.exit(main())
