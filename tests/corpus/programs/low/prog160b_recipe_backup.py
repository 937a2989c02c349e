#!/usr/bin/env python3
"""Makes a dated archive of the recipe book and costing sheets, leaving the originals in place."""

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("recipe_backup")

SOURCE_DIR = Path(os.environ.get("RECIPE_SOURCE", "recipes"))
BACKUP_DIR = Path(os.environ.get("RECIPE_BACKUPS", "backups"))
INCLUDE = (".json", ".md", ".xlsx", ".csv")


def sha256_of(path):
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(source):
    files = []
    for path in sorted(source.rglob("*")):
        if path.is_file() and path.suffix.lower() in INCLUDE:
            files.append(path)
    return files


def stage(files, source, staging):
    manifest = []
    for path in files:
        rel = path.relative_to(source)
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        manifest.append({"path": str(rel), "bytes": path.stat().st_size, "sha256": sha256_of(path)})
    return manifest


def verify(manifest, staging):
    bad = []
    for entry in manifest:
        copy = staging / entry["path"]
        if not copy.exists() or sha256_of(copy) != entry["sha256"]:
            bad.append(entry["path"])
    return bad


def make_backup(source, backup_dir, label):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"recipes-{label}-{stamp}" if label else f"recipes-{stamp}"
    staging = backup_dir / name
    staging.mkdir(parents=True, exist_ok=False)

    files = collect(source)
    if not files:
        log.warning("nothing to back up in %s", source)
        staging.rmdir()
        return None
    manifest = stage(files, source, staging)
    (staging / "MANIFEST.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")

    bad = verify(manifest, staging)
    if bad:
        log.error("copies differ from originals: %s", ", ".join(bad))
        return None

    archive = shutil.make_archive(str(staging), "zip", root_dir=staging)
    os.chmod(archive, 0o600)
    log.info("archived %d files into %s", len(files), archive)
    return Path(archive)


def list_backups(backup_dir):
    for archive in sorted(backup_dir.glob("recipes-*.zip")):
        size_kb = archive.stat().st_size / 1024
        print(f"{archive.name}  {size_kb:,.0f} KiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--label", default="")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    BACKUP_DIR.mkdir(exist_ok=True)
    if args.list:
        list_backups(BACKUP_DIR)
        return 0
    if not SOURCE_DIR.is_dir():
        log.error("source %s is not a directory", SOURCE_DIR)
        return 1
    return 0 if make_backup(SOURCE_DIR, BACKUP_DIR, args.label) else 1


if __name__ == "__main__":
    sys.exit(main())
