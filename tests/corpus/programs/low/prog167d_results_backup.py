#!/usr/bin/env python3
"""Back up the show results folder.

Makes a dated, compressed copy of the results folder (placings, judges'
critiques, award cards) into ./backups, writes a checksum manifest and
keeps only the most recent archives.  The results folder itself is left
untouched.
"""
import argparse
import hashlib
import json
import logging
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("results_backup")

SKIP_SUFFIXES = {".tmp", ".lock", ".swp"}


def iter_files(source):
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix not in SKIP_SUFFIXES:
            yield path


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def build_manifest(source):
    manifest = {}
    for path in iter_files(source):
        manifest[str(path.relative_to(source))] = {
            "sha256": sha256_of(path),
            "size": path.stat().st_size,
        }
    return manifest


def create_archive(source, dest_dir, manifest):
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"results-{stamp}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for rel in manifest:
            tar.add(source / rel, arcname=f"{source.name}/{rel}")
    manifest_path = archive.with_name(archive.name.replace(".tar.gz", ".manifest.json"))
    manifest_path.write_text(json.dumps(manifest, indent=2))
    return archive


def verify_archive(archive, manifest):
    with tarfile.open(archive, "r:gz") as tar:
        names = {m.name.split("/", 1)[1] for m in tar.getmembers() if m.isfile()}
    missing = set(manifest) - names
    if missing:
        raise RuntimeError(f"{len(missing)} files missing from {archive.name}")


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob("results-*.tar.gz"))
    for old in archives[:-keep] if keep > 0 else []:
        old.unlink()
        sidecar = old.with_name(old.name.replace(".tar.gz", ".manifest.json"))
        if sidecar.exists():
            sidecar.unlink()
        log.info("removed old backup %s", old.name)


def main():
    parser = argparse.ArgumentParser(description="Back up show results")
    parser.add_argument("source", nargs="?", default="results", type=Path)
    parser.add_argument("--dest", default="backups", type=Path)
    parser.add_argument("--keep", type=int, default=10)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("source folder %s not found", args.source)
        return 1
    args.dest.mkdir(exist_ok=True)
    manifest = build_manifest(args.source)
    archive = create_archive(args.source, args.dest, manifest)
    verify_archive(archive, manifest)
    log.info("backed up %d files to %s", len(manifest), archive)
    prune(args.dest, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
