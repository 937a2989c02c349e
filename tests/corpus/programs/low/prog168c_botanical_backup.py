#!/usr/bin/env python3
"""Backs up the botanical recipe folder into dated archives.

Walks the recipe folder, packs every file into an archive under ./backups
with a SHA-256 manifest, and prunes archives older than the retention.
The recipe files themselves are only read, never changed.
"""
import argparse
import hashlib
import json
import logging
import os
import tarfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("recipes.backup")


@dataclass
class BackupJob:
    source: Path
    dest: Path
    fmt: str = "zip"
    keep: int = 14
    skip: set = field(default_factory=lambda: {".git", "__pycache__", ".DS_Store"})


def _zip_writer(path, files, root):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in files:
            zf.write(f, f.relative_to(root).as_posix())


def _tar_writer(path, files, root):
    with tarfile.open(path, "w:gz") as tf:
        for f in files:
            tf.add(f, arcname=f.relative_to(root).as_posix(), recursive=False)


WRITERS = {
    "zip": (".zip", _zip_writer),
    "tgz": (".tar.gz", _tar_writer),
}


def digest(path, chunk=1 << 16):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def collect(job):
    files = []
    for dirpath, dirnames, filenames in os.walk(job.source):
        dirnames[:] = [d for d in dirnames if d not in job.skip]
        for name in filenames:
            if name not in job.skip:
                files.append(Path(dirpath) / name)
    return sorted(files)


def write_manifest(job, stamp, files):
    manifest = {
        "created": stamp,
        "source": str(job.source.resolve()),
        "files": {f.relative_to(job.source).as_posix(): digest(f) for f in files},
    }
    path = job.dest / f"manifest-{stamp}.json"
    path.write_text(json.dumps(manifest, indent=2))
    return path


def prune(job):
    suffix, _ = WRITERS[job.fmt]
    archives = sorted(job.dest.glob(f"recipes-*{suffix}"))
    for old in archives[:-job.keep] if job.keep > 0 else []:
        stamp = old.name[len("recipes-"):-len(suffix)]
        old.unlink()
        (job.dest / f"manifest-{stamp}.json").unlink(missing_ok=True)
        log.info("pruned %s", old.name)


def run(job):
    job.dest.mkdir(parents=True, exist_ok=True)
    suffix, writer = WRITERS[job.fmt]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    files = collect(job)
    if not files:
        log.warning("nothing to back up in %s", job.source)
        return None
    archive = job.dest / f"recipes-{stamp}{suffix}"
    writer(archive, files, job.source)
    manifest = write_manifest(job, stamp, files)
    log.info("%d files -> %s (%s)", len(files), archive.name, manifest.name)
    prune(job)
    return archive


def main():
    parser = argparse.ArgumentParser(description="Botanical recipe backup")
    parser.add_argument("source", nargs="?", default="recipes", type=Path)
    parser.add_argument("--dest", default=Path("backups"), type=Path)
    parser.add_argument("--format", choices=sorted(WRITERS), default="zip")
    parser.add_argument("--keep", type=int, default=int(os.environ.get("BACKUP_KEEP", "14")))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.is_dir():
        parser.error(f"{args.source} is not a directory")
    run(BackupJob(args.source, args.dest, args.format, args.keep))


if __name__ == "__main__":
    main()
