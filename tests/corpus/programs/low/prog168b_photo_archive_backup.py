#!/usr/bin/env python3
"""Weekly backup of the digitisation studio's photo folders.

Walks the capture folders, packs new or changed images into a dated
tar.gz on the backup drive and writes a checksum manifest next to it.
The capture folders themselves are left exactly as they are.
"""
import argparse
import hashlib
import importlib
import json
import logging
import os
import tarfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

log = logging.getLogger("studio.backup")


@dataclass
class Job:
    sources: list
    dest: Path
    suffixes: tuple = (".tif", ".tiff", ".dng", ".cr3", ".jpg", ".xmp")
    keep: int = 8
    state_file: Path = field(default=None)

    def __post_init__(self):
        if self.state_file is None:
            self.state_file = self.dest / "backup_state.json"


def digest(path, algo="sha256"):
    h = getattr(hashlib, algo)()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def walk(job):
    for src in job.sources:
        for dirpath, _dirs, files in os.walk(src):
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in job.suffixes:
                    yield Path(src), p


def changed_since(job, previous):
    for root, p in walk(job):
        st = p.stat()
        key = str(p)
        sig = f"{st.st_size}:{int(st.st_mtime)}"
        if previous.get(key) != sig:
            yield root, p, key, sig


def _compressor(kind):
    modes = {"gz": "w:gz", "xz": "w:xz", "none": "w"}
    return modes[kind]


def pack(job, entries, kind):
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    ext = {"gz": ".tar.gz", "xz": ".tar.xz", "none": ".tar"}[kind]
    archive = job.dest / f"studio-{stamp}{ext}"
    manifest = {}
    with tarfile.open(archive, _compressor(kind)) as tar:
        for root, p, _key, _sig in entries:
            arcname = Path(root.name) / p.relative_to(root)
            tar.add(p, arcname=str(arcname))
            manifest[str(arcname)] = digest(p)
    (archive.parent / (archive.name + ".sha256.json")).write_text(json.dumps(manifest, indent=1))
    return archive, len(manifest)


def prune(job):
    archives = sorted(job.dest.glob("studio-*.tar*"))
    archives = [a for a in archives if not a.name.endswith(".json")]
    for old in archives[:-job.keep]:
        old.unlink()
        side = old.parent / (old.name + ".sha256.json")
        if side.exists():
            side.unlink()
        log.info("removed old backup %s", old.name)


def main():
    parser = argparse.ArgumentParser(description="Studio photo backup")
    parser.add_argument("sources", nargs="+")
    parser.add_argument("--dest", default=os.environ.get("STUDIO_BACKUP", "./backups"))
    parser.add_argument("--compress", choices=("gz", "xz", "none"), default="gz")
    parser.add_argument("--keep", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    job = Job(sources=[Path(s) for s in args.sources], dest=Path(args.dest), keep=args.keep)
    job.dest.mkdir(parents=True, exist_ok=True)
    previous = json.loads(job.state_file.read_text()) if job.state_file.exists() else {}

    entries = list(changed_since(job, previous))
    if not entries:
        log.info("nothing changed since last backup")
        return
    archive, n = pack(job, entries, args.compress)
    previous.update({key: sig for _r, _p, key, sig in entries})
    job.state_file.write_text(json.dumps(previous))
    importlib.import_module("os").chmod(job.state_file, 0o600)
    log.info("backed up %d files to %s", n, archive)
    prune(job)


if __name__ == "__main__":
    main()
