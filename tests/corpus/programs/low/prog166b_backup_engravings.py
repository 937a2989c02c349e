#!/usr/bin/env python3
"""Nightly backup of the engraving project folders.

Walks the project tree, packs changed score files into a dated tar.gz and
keeps the originals untouched. Old archives beyond the retention count are
pruned from the backup directory only.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("engraving-backup")

SCORE_EXTS = {".ly", ".ily", ".mscz", ".musx", ".sib", ".mxl", ".musicxml", ".pdf"}
INDEX_NAME = "backup-index.json"


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def load_index(backup_dir):
    index_path = backup_dir / INDEX_NAME
    if index_path.exists():
        return json.loads(index_path.read_text())
    return {}


def save_index(backup_dir, index):
    (backup_dir / INDEX_NAME).write_text(json.dumps(index, indent=1, sort_keys=True))


def changed_files(source, index, full):
    for dirpath, dirnames, filenames in os.walk(source):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() not in SCORE_EXTS:
                continue
            rel = str(path.relative_to(source))
            digest = file_digest(path)
            if full or index.get(rel) != digest:
                yield path, rel, digest


def make_archive(source, backup_dir, files):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = backup_dir / f"engravings-{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for path, rel, _digest in files:
            tar.add(path, arcname=rel)
    os.chmod(archive, 0o600)
    return archive


def prune(backup_dir, keep):
    archives = sorted(backup_dir.glob("engravings-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        log.info("pruning old backup %s", old.name)
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description="Back up engraving projects")
    parser.add_argument("--source", type=Path, default=Path("projects"))
    parser.add_argument("--dest", type=Path, default=Path("backups"))
    parser.add_argument("--keep", type=int, default=14)
    parser.add_argument("--full", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        log.error("source %s does not exist", args.source)
        return 1
    args.dest.mkdir(parents=True, exist_ok=True)

    index = load_index(args.dest)
    files = list(changed_files(args.source, index, args.full))
    if not files:
        log.info("nothing changed since last backup")
        return 0

    archive = make_archive(args.source, args.dest, files)
    for _path, rel, digest in files:
        index[rel] = digest
    save_index(args.dest, index)
    prune(args.dest, args.keep)
    log.info("backed up %d files to %s", len(files), archive)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
