#!/usr/bin/env python3
"""Nightly backup of signed player waivers.

Packs the day's signed waiver PDFs into a dated zip under backups/, writes a
checksum manifest beside it and keeps the last N archives. The original
waiver files are left where they are.
"""
import argparse
import hashlib
import json
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("waiver-backup")

WAIVER_DIR = Path(os.environ.get("WAIVER_DIR", "waivers"))
BACKUP_DIR = Path(os.environ.get("WAIVER_BACKUP_DIR", "backups"))


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def collect(source, pattern="*.pdf"):
    files = sorted(p for p in source.rglob(pattern) if p.is_file())
    log.info("found %d waivers under %s", len(files), source)
    return files


def build_archive(files, source, dest_dir, stamp):
    dest_dir.mkdir(parents=True, exist_ok=True)
    archive = dest_dir / ("waivers-%s.zip" % stamp)
    manifest = {}
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            rel = path.relative_to(source).as_posix()
            zf.write(path, rel)
            manifest[rel] = sha256_of(path)
    os.chmod(archive, 0o600)
    manifest_path = archive.with_suffix(".json")
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.chmod(manifest_path, 0o600)
    return archive, manifest


def verify(archive, manifest):
    with zipfile.ZipFile(archive) as zf:
        bad = zf.testzip()
        if bad:
            raise RuntimeError("corrupt member %s in %s" % (bad, archive))
        names = set(zf.namelist())
    missing = set(manifest) - names
    if missing:
        raise RuntimeError("archive missing %d files" % len(missing))
    log.info("verified %s (%d files)", archive.name, len(names))


def prune(dest_dir, keep):
    archives = sorted(dest_dir.glob("waivers-*.zip"))
    for old in archives[:-keep] if keep > 0 else []:
        old.unlink()
        sidecar = old.with_suffix(".json")
        if sidecar.exists():
            sidecar.unlink()
        log.info("pruned %s", old.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, default=WAIVER_DIR)
    parser.add_argument("--dest", type=Path, default=BACKUP_DIR)
    parser.add_argument("--keep", type=int, default=14)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    files = collect(args.source)
    if not files:
        log.info("nothing to back up")
        return
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive, manifest = build_archive(files, args.source, args.dest, stamp)
    verify(archive, manifest)
    prune(args.dest, args.keep)
    log.info("backup complete: %s", archive)


if __name__ == "__main__":
    main()
