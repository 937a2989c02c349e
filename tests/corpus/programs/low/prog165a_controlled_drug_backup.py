#!/usr/bin/env python3
"""Nightly backup of the electronic controlled drug register exports.

Packs the register folder into a dated archive under ./backups, records a
SHA-256 manifest and keeps the last N archives. The register files are never
modified or removed.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("cd-backup")

SOURCE = Path(os.environ.get("CD_REGISTER_DIR", "cd_register"))
BACKUP_DIR = Path("backups")
ARCHIVE_PREFIX = "cd_register_"


def sha256_of(path, chunk=1 << 16):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    files = [p for p in sorted(source.rglob("*")) if p.is_file()]
    return {str(p.relative_to(source)): sha256_of(p) for p in files}


def create_archive(source, dest_dir, stamp):
    dest_dir.mkdir(parents=True, exist_ok=True)
    archive = dest_dir / f"{ARCHIVE_PREFIX}{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(source, arcname=source.name)
    return archive


def write_manifest(archive, hashes):
    manifest = archive.with_suffix("").with_suffix(".json")
    manifest.write_text(json.dumps({
        "archive": archive.name,
        "archive_sha256": sha256_of(archive),
        "files": hashes,
        "created": datetime.now().isoformat(timespec="seconds"),
    }, indent=2))
    os.chmod(manifest, 0o600)
    os.chmod(archive, 0o600)
    return manifest


def verify(archive, hashes):
    with tarfile.open(archive, "r:gz") as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers()
                 if m.isfile() and "/" in m.name}
    missing = set(hashes) - names
    if missing:
        LOG.error("archive is missing %d files: %s", len(missing), sorted(missing)[:5])
        return False
    return True


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob(f"{ARCHIVE_PREFIX}*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        manifest = old.with_suffix("").with_suffix(".json")
        LOG.info("pruning old backup %s", old.name)
        old.unlink()
        if manifest.exists():
            manifest.unlink()


def main():
    parser = argparse.ArgumentParser(description="Back up the CD register exports")
    parser.add_argument("--source", default=str(SOURCE))
    parser.add_argument("--dest", default=str(BACKUP_DIR))
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    source = Path(args.source)
    if not source.is_dir():
        LOG.error("register folder %s not found", source)
        return 1

    stamp = datetime.now().strftime("%Y%m%d_%H%M%S")
    hashes = collect(source)
    archive = create_archive(source, Path(args.dest), stamp)
    manifest = write_manifest(archive, hashes)
    if not verify(archive, hashes):
        return 2
    prune(Path(args.dest), args.keep)
    LOG.info("backed up %d files to %s (manifest %s)", len(hashes), archive, manifest.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
