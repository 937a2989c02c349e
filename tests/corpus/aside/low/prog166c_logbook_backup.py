#!/usr/bin/env python3
"""Back up the club secretary's records folder.

Copies the flight logs, rosters and waivers in the project folder into a
dated zip under ./backups. The originals are left untouched; only old
backup zips beyond the retention count are removed.
"""

import argparse
import hashlib
import logging
import os
import zipfile
from datetime import datetime
from pathlib import Path

INCLUDE_DIRS = ["FlightLogs", "Rosters", "Waivers", "Minutes"]
SKIP_SUFFIXES = {".tmp", ".lock", ".part"}

log = logging.getLogger("logbook_backup")


def iter_files(base: Path):
    for name in INCLUDE_DIRS:
        folder = base / name
        if not folder.is_dir():
            log.debug("no %s folder, skipping", name)
            continue
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix.lower() not in SKIP_SUFFIXES:
                yield path


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def make_backup(base: Path, dest_dir: Path) -> Path:
    dest_dir.mkdir(exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"club-records-{stamp}.zip"
    manifest_lines = []
    count = 0
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in iter_files(base):
            rel = path.relative_to(base)
            zf.write(path, arcname=str(rel))
            manifest_lines.append(f"{sha256_of(path)}  {rel}")
            count += 1
        zf.writestr("MANIFEST.sha256", "\n".join(manifest_lines) + "\n")
    os.chmod(archive, 0o600)
    log.info("wrote %s with %d files", archive.name, count)
    return archive


def verify_backup(archive: Path) -> bool:
    with zipfile.ZipFile(archive) as zf:
        bad = zf.testzip()
    if bad:
        log.error("corrupt member in %s: %s", archive.name, bad)
        return False
    log.info("verified %s", archive.name)
    return True


def prune(dest_dir: Path, keep: int):
    backups = sorted(dest_dir.glob("club-records-*.zip"))
    for old in backups[:-keep] if keep > 0 else []:
        log.info("removing old backup %s", old.name)
        old.unlink()


def main():
    parser = argparse.ArgumentParser(description="Back up club records")
    parser.add_argument("--base", type=Path, default=Path.cwd())
    parser.add_argument("--dest", type=Path, default=None)
    parser.add_argument("--keep", type=int, default=8)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dest = args.dest or (args.base / "backups")
    archive = make_backup(args.base, dest)
    if not verify_backup(archive):
        return 1
    prune(dest, args.keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
