#!/usr/bin/env python3
"""Nightly backup of case records.

Walks the case records folder, packs everything into a dated, compressed
archive under ./backups, verifies it, and keeps the last N archives.
The original records are left exactly where they are.
"""

import argparse
import hashlib
import json
import logging
import os
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("records-backup")

SKIP_SUFFIXES = {".tmp", ".lock", ".swp"}


def iter_records(root):
    root = Path(root)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            path = Path(dirpath) / name
            if path.suffix in SKIP_SUFFIXES or name.startswith("~$"):
                continue
            yield path


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def create_archive(source, dest_dir):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    dest_dir.mkdir(parents=True, exist_ok=True)
    archive = dest_dir / f"case-records-{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for path in iter_records(source):
            rel = path.relative_to(source)
            tar.add(path, arcname=str(rel))
            manifest[str(rel)] = file_digest(path)
    manifest_path = archive.with_suffix("").with_suffix(".manifest.json")
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.chmod(archive, 0o600)
    os.chmod(manifest_path, 0o600)
    return archive, manifest


def verify_archive(archive, manifest):
    seen = 0
    with tarfile.open(archive, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            fh = tar.extractfile(member)
            digest = hashlib.sha256(fh.read()).hexdigest()
            if manifest.get(member.name) != digest:
                raise ValueError(f"checksum mismatch in archive: {member.name}")
            seen += 1
    if seen != len(manifest):
        raise ValueError(f"archive holds {seen} files, manifest lists {len(manifest)}")
    return seen


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob("case-records-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        old.unlink()
        sidecar = old.with_suffix("").with_suffix(".manifest.json")
        if sidecar.exists():
            sidecar.unlink()
        log.info("removed old backup %s", old.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", nargs="?", default=os.environ.get(
        "CASE_RECORDS_DIR", "case_records"))
    parser.add_argument("--dest", default="backups")
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    source = Path(args.source)
    if not source.is_dir():
        parser.error(f"{source} is not a directory")
    dest = Path(args.dest)
    archive, manifest = create_archive(source, dest)
    count = verify_archive(archive, manifest)
    log.info("backup %s verified (%d files)", archive.name, count)
    prune(dest, args.keep)


if __name__ == "__main__":
    main()
