#!/usr/bin/env python3
"""Nightly backup of the herd records folder.

Packs the records (health sheets, breeding notes, trek logs) into a dated
tar.gz under ./backups, writes a checksum manifest next to it, and prunes
old backups beyond the retention count. The original files are left as they
are.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("herd-backup")

DEFAULTS = {
    "source": "herd_records",
    "dest": "backups",
    "keep": 14,
    "skip_suffixes": {".tmp", ".lock", ".swp"},
}


def iter_sources(root, skip_suffixes):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix not in skip_suffixes:
            yield path


def sha256_of(path, chunk=1 << 16):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def make_archive(source, dest, skip_suffixes):
    dest.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"herd-records-{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for path in iter_sources(source, skip_suffixes):
            rel = path.relative_to(source)
            tar.add(path, arcname=str(Path(source.name) / rel))
            manifest[str(rel)] = sha256_of(path)
    os.chmod(archive, 0o600)
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    manifest_path.write_text(json.dumps({
        "archive": archive.name,
        "archive_sha256": sha256_of(archive),
        "files": manifest,
    }, indent=2))
    os.chmod(manifest_path, 0o600)
    return archive, len(manifest)


def verify_archive(archive, expected_count):
    with tarfile.open(archive, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
    if len(members) != expected_count:
        raise RuntimeError(f"{archive.name}: expected {expected_count} files, "
                           f"found {len(members)}")
    return True


def prune(dest, keep):
    archives = sorted(dest.glob("herd-records-*.tar.gz"))
    stale = archives[:-keep] if keep > 0 else []
    for old in stale:
        manifest = old.with_suffix("").with_suffix(".manifest.json")
        old.unlink()
        if manifest.exists():
            manifest.unlink()
        LOG.info("pruned %s", old.name)
    return len(stale)


def main():
    parser = argparse.ArgumentParser(description="Back up herd records")
    parser.add_argument("--source", type=Path, default=Path(DEFAULTS["source"]))
    parser.add_argument("--dest", type=Path, default=Path(DEFAULTS["dest"]))
    parser.add_argument("--keep", type=int, default=DEFAULTS["keep"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        LOG.error("source folder %s not found", args.source)
        return 1
    archive, count = make_archive(args.source, args.dest, DEFAULTS["skip_suffixes"])
    verify_archive(archive, count)
    LOG.info("backed up %d files to %s", count, archive)
    prune(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
