#!/usr/bin/env python3
"""Nightly backup of the maintenance documents folder.

Walks the documents folder, packs every file into a dated tar.gz under the
backups folder, writes a SHA-256 manifest next to it and keeps the last N
backups. The source documents are only read, never changed.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("docs_backup")

DEFAULT_SOURCE = Path(os.environ.get("MAINT_DOCS", "./maintenance_docs"))
DEFAULT_DEST = Path(os.environ.get("MAINT_BACKUPS", "./backups"))
SKIP_SUFFIXES = {".tmp", ".lock", ".swp"}


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    files = []
    for dirpath, _dirs, names in os.walk(source):
        for name in sorted(names):
            path = Path(dirpath) / name
            if path.suffix.lower() in SKIP_SUFFIXES or not path.is_file():
                continue
            files.append(path)
    return files


class BackupJob:
    def __init__(self, source, dest, keep):
        self.source = source
        self.dest = dest
        self.keep = keep
        self.stamp = datetime.now().strftime("%Y%m%d-%H%M%S")

    @property
    def archive_path(self):
        return self.dest / "docs-{}.tar.gz".format(self.stamp)

    @property
    def manifest_path(self):
        return self.dest / "docs-{}.manifest.json".format(self.stamp)

    def run(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        files = collect(self.source)
        manifest = {}
        with tarfile.open(self.archive_path, "w:gz") as tar:
            for path in files:
                rel = path.relative_to(self.source)
                tar.add(path, arcname=str(rel))
                manifest[str(rel)] = {"sha256": sha256_of(path), "size": path.stat().st_size}
        self.manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        os.chmod(self.archive_path, 0o600)
        os.chmod(self.manifest_path, 0o600)
        log.info("backed up %d files to %s", len(files), self.archive_path)
        return len(files)

    def prune(self):
        archives = sorted(self.dest.glob("docs-*.tar.gz"))
        for old in archives[:-self.keep] if self.keep > 0 else []:
            manifest = old.with_name(old.name.replace(".tar.gz", ".manifest.json"))
            old.unlink()
            if manifest.exists():
                manifest.unlink()
            log.info("pruned old backup %s", old.name)


def verify(archive, manifest_path):
    manifest = json.loads(manifest_path.read_text())
    with tarfile.open(archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = sorted(set(manifest) - names)
    if missing:
        log.error("%d files missing from %s", len(missing), archive.name)
        return False
    log.info("%s matches its manifest (%d files)", archive.name, len(manifest))
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--keep", type=int, default=14)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.source.is_dir():
        parser.error("source folder {} does not exist".format(args.source))
    job = BackupJob(args.source, args.dest, args.keep)
    job.run()
    verify(job.archive_path, job.manifest_path)
    job.prune()


if __name__ == "__main__":
    main()
