#!/usr/bin/env python3
"""Nightly backup of the shop's order data and invoice folder.

Walks the data directory, writes a compressed archive plus a checksum
manifest into ./backups, and keeps only the most recent N archives.
The source files are read only; nothing in the data directory is changed.
"""
import argparse
import datetime as dt
import hashlib
import importlib
import json
import logging
import os
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterator, List

log = logging.getLogger("order_backup")

ARCHIVE_PREFIX = "orders-backup-"

COMPRESSORS: Dict[str, str] = {"gz": "gzip", "bz2": "bz2", "xz": "lzma"}


def compressor_available(kind: str) -> bool:
    try:
        importlib.import_module(COMPRESSORS[kind])
        return True
    except ImportError:
        return False


@dataclass
class BackupJob:
    source: Path
    dest: Path
    kind: str = "gz"
    keep: int = 14
    skip_suffixes: tuple = (".tmp", ".lock", "-journal")
    written: List[Path] = field(default_factory=list)

    def archive_name(self) -> Path:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return self.dest / f"{ARCHIVE_PREFIX}{stamp}.tar.{self.kind}"


def walk(job: BackupJob) -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(job.source):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in sorted(filenames):
            if name.endswith(job.skip_suffixes):
                continue
            yield Path(dirpath) / name


def checksum(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def write_archive(job: BackupJob) -> Path:
    job.dest.mkdir(parents=True, exist_ok=True)
    target = job.archive_name()
    manifest = {}
    with tarfile.open(target, f"w:{job.kind}") as tar:
        for path in walk(job):
            rel = path.relative_to(job.source)
            tar.add(str(path), arcname=str(rel), recursive=False)
            manifest[str(rel)] = checksum(path)
    side = target.with_suffix(target.suffix + ".manifest.json")
    side.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.chmod(target, 0o600)
    os.chmod(side, 0o600)
    job.written.extend([target, side])
    log.info("wrote %s (%d files)", target.name, len(manifest))
    return target


def prune(job: BackupJob) -> List[Path]:
    ours = sorted(job.dest.glob(f"{ARCHIVE_PREFIX}*.tar.*"))
    archives = [p for p in ours if not p.name.endswith(".manifest.json")]
    removed = []
    for old in archives[:-job.keep] if job.keep > 0 else []:
        for p in (old, old.with_suffix(old.suffix + ".manifest.json")):
            if p.exists():
                p.unlink()
                removed.append(p)
    return removed


def verify(archive: Path) -> bool:
    side = archive.with_suffix(archive.suffix + ".manifest.json")
    expected = json.loads(side.read_text())
    with tarfile.open(archive) as tar:
        names = {m.name for m in tar.getmembers() if m.isfile()}
    return names == set(expected)


STEPS: Dict[str, Callable[[BackupJob], object]] = {
    "archive": write_archive,
    "prune": prune,
}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Back up order data")
    p.add_argument("--source", type=Path, default=Path("data"))
    p.add_argument("--dest", type=Path, default=Path("backups"))
    p.add_argument("--kind", choices=sorted(COMPRESSORS), default="gz")
    p.add_argument("--keep", type=int, default=14)
    p.add_argument("--verify", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    kind = args.kind if compressor_available(args.kind) else "gz"
    job = BackupJob(args.source, args.dest, kind=kind, keep=args.keep)
    archive = STEPS["archive"](job)
    removed = STEPS["prune"](job)
    log.info("pruned %d old files", len(removed))
    if args.verify and not verify(archive):
        log.error("verification failed for %s", archive)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
