#!/usr/bin/env python3
"""Nightly backup of the office logbook folder.

Walks the logbook folder, writes a compressed copy of each document into a
dated backup set with a checksum manifest, and keeps the last N sets.
The originals are only read.
"""
import argparse
import asyncio
import gzip
import hashlib
import json
import logging
import os
import shutil
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("logbook-backup")

SUFFIXES = {".xlsx", ".docx", ".pdf", ".csv", ".ers", ".xml"}


@dataclass
class BackupSet:
    source: Path
    root: Path
    stamp: str = field(default_factory=lambda: datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
    manifest: dict = field(default_factory=dict)

    @property
    def folder(self):
        return self.root / self.stamp


def walk(source):
    for dirpath, dirnames, filenames in os.walk(source):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for fn in filenames:
            p = Path(dirpath) / fn
            if p.suffix.lower() in SUFFIXES:
                yield p


def _copy_one(src, dest):
    dest.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with open(src, "rb") as fin, gzip.open(dest, "wb") as fout:
        for block in iter(lambda: fin.read(1 << 16), b""):
            digest.update(block)
            fout.write(block)
    shutil.copystat(src, dest)
    return digest.hexdigest()


async def copy(bset, src, sem):
    rel = src.relative_to(bset.source)
    dest = bset.folder / (str(rel) + ".gz")
    async with sem:
        loop = asyncio.get_running_loop()
        try:
            bset.manifest[str(rel)] = await loop.run_in_executor(None, _copy_one, src, dest)
        except OSError as exc:
            log.warning("could not back up %s: %s", rel, exc)


async def run(bset, parallel):
    sem = asyncio.Semaphore(parallel)
    await asyncio.gather(*(copy(bset, p, sem) for p in walk(bset.source)))
    out = bset.folder / "MANIFEST.json"
    out.write_text(json.dumps(bset.manifest, indent=2, sort_keys=True))
    os.chmod(out, 0o600)


def prune(root, keep):
    sets = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.name)
    for old in sets[:-keep] if keep else []:
        log.info("removing old backup set %s", old.name)
        shutil.rmtree(old)


def verify(folder):
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    bad = 0
    for rel, want in manifest.items():
        with gzip.open(folder / (rel + ".gz"), "rb") as fh:
            if hashlib.sha256(fh.read()).hexdigest() != want:
                log.error("checksum mismatch: %s", rel)
                bad += 1
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=os.environ.get("LOGBOOK_DIR", "logbooks"))
    ap.add_argument("--dest", default=os.environ.get("BACKUP_DIR", "backups"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--parallel", type=int, default=4)
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    root = Path(args.dest)
    root.mkdir(parents=True, exist_ok=True)
    bset = BackupSet(source=Path(args.source), root=root)
    asyncio.run(run(bset, args.parallel))
    log.info("backed up %d files into %s", len(bset.manifest), bset.folder)
    if args.verify and verify(bset.folder):
        return 1
    prune(root, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
