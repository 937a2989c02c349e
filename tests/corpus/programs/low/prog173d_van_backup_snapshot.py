#!/usr/bin/env python3
"""Snapshot the dispatch data folder into dated archives.

Copies ./data (timetables, stock sheets, route plans) into a compressed
archive under ./backups, writes a checksum manifest next to it and keeps the
last N snapshots. The data folder itself is never changed.
"""
import argparse
import asyncio
import hashlib
import json
import logging
import os
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("backup-snapshot")


@dataclass
class Snapshot:
    source: Path
    dest: Path
    stamp: str = field(default_factory=lambda: time.strftime("%Y%m%d-%H%M%S"))

    @property
    def archive(self) -> Path:
        return self.dest / ("data-%s.tar.gz" % self.stamp)

    @property
    def manifest(self) -> Path:
        return self.dest / ("data-%s.manifest.json" % self.stamp)


def _digest(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def files_under(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in {".git", "__pycache__"})
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.is_file() and not p.is_symlink():
                yield p


async def checksums(paths, root: Path):
    loop = asyncio.get_running_loop()
    tasks = {str(p.relative_to(root)): loop.run_in_executor(None, _digest, p) for p in paths}
    return {rel: await fut for rel, fut in tasks.items()}


def write_archive(snap: Snapshot, paths):
    with tarfile.open(snap.archive, "w:gz") as tar:
        for p in paths:
            tar.add(p, arcname=str(p.relative_to(snap.source.parent)))
    os.chmod(snap.archive, 0o600)


def write_manifest(snap: Snapshot, sums: dict):
    snap.manifest.write_text(json.dumps({"created": snap.stamp, "files": sums}, indent=2))
    os.chmod(snap.manifest, 0o600)


def prune(dest: Path, keep: int):
    archives = sorted(dest.glob("data-*.tar.gz"))
    old = archives[:-keep] if keep > 0 else []
    for a in old:
        manifest = a.with_name(a.name.replace(".tar.gz", ".manifest.json"))
        for p in (a, manifest):
            if p.exists():
                p.unlink()
        log.info("removed old snapshot %s", a.name)
    return len(old)


STEPS = {
    "archive": lambda snap, paths, sums: write_archive(snap, paths),
    "manifest": lambda snap, paths, sums: write_manifest(snap, sums),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, default=Path("./data"))
    parser.add_argument("--dest", type=Path, default=Path("./backups"))
    parser.add_argument("--keep", type=int, default=int(os.environ.get("BACKUP_KEEP", "14")))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.source.is_dir():
        parser.error("%s is not a directory" % args.source)
    args.dest.mkdir(parents=True, exist_ok=True)

    snap = Snapshot(args.source.resolve(), args.dest.resolve())
    paths = list(files_under(snap.source))
    sums = asyncio.run(checksums(paths, snap.source))
    for name in ("archive", "manifest"):
        STEPS[name](snap, paths, sums)
    log.info("snapshot %s: %d files, %.1f kB", snap.archive.name, len(paths), snap.archive.stat().st_size / 1024)
    prune(snap.dest, args.keep)


if __name__ == "__main__":
    main()
