#!/usr/bin/env python3
"""Backs up the timetable and tariff files into dated archives in the
project's backups folder. Originals are left untouched."""
import argparse
import hashlib
import json
import logging
import sys
import tarfile
from datetime import datetime
from pathlib import Path

SOURCE_DIRS = ["timetables", "tariffs", "notices"]
BACKUP_DIR = Path("backups")
KEEP = 14

log = logging.getLogger("timetable-backup")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def gather(base: Path) -> list[Path]:
    files = []
    for name in SOURCE_DIRS:
        folder = base / name
        if not folder.is_dir():
            log.warning("missing folder %s", folder)
            continue
        files.extend(p for p in sorted(folder.rglob("*")) if p.is_file())
    return files


def write_archive(base: Path, files: list[Path], dest: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest / f"timetables-{stamp}.tar.gz"
    manifest = {}
    with tarfile.open(archive, "w:gz") as tar:
        for path in files:
            rel = path.relative_to(base)
            tar.add(path, arcname=str(rel))
            manifest[str(rel)] = sha256_of(path)
    manifest_path = archive.with_suffix("").with_suffix(".json")
    manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    log.info("wrote %s (%d files)", archive, len(files))
    return archive


def verify(archive: Path) -> bool:
    manifest_path = archive.with_suffix("").with_suffix(".json")
    expected = json.loads(manifest_path.read_text())
    with tarfile.open(archive, "r:gz") as tar:
        names = set(tar.getnames())
    missing = set(expected) - names
    if missing:
        log.error("archive is missing %d files", len(missing))
        return False
    return True


def prune(dest: Path, keep: int):
    archives = sorted(dest.glob("timetables-*.tar.gz"))
    for old in archives[:-keep] if keep else []:
        sidecar = old.with_suffix("").with_suffix(".json")
        old.unlink()
        if sidecar.exists():
            sidecar.unlink()
        log.info("removed old backup %s", old.name)


def main() -> int:
    parser = argparse.ArgumentParser(description="Back up timetable files")
    parser.add_argument("--base", type=Path, default=Path("."))
    parser.add_argument("--keep", type=int, default=KEEP)
    parser.add_argument("--no-prune", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    files = gather(args.base)
    if not files:
        log.error("nothing to back up")
        return 1
    dest = args.base / BACKUP_DIR
    dest.mkdir(exist_ok=True)
    archive = write_archive(args.base, files, dest)
    if not verify(archive):
        return 1
    if not args.no_prune:
        prune(dest, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
