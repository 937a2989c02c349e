#!/usr/bin/env python3
"""Backs up the day's pet photos and customer notes into a zip archive.

Originals are left where they are; the archive and a checksum manifest
go into ./backups so they can be copied to the shop NAS later.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import zipfile
from datetime import datetime
from pathlib import Path

PHOTO_ROOT = Path(os.environ.get("PAWVAN_PHOTOS", "photos"))
NOTES_ROOT = Path(os.environ.get("PAWVAN_NOTES", "notes"))
BACKUP_DIR = Path("backups")
INCLUDE_EXT = {".jpg", ".jpeg", ".png", ".heic", ".txt", ".md"}

log = logging.getLogger("photo-backup")


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def collect(roots):
    for root in roots:
        if not root.is_dir():
            log.warning("skipping missing folder %s", root)
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix.lower() in INCLUDE_EXT:
                yield root, path


def build_archive(roots, dest_dir: Path, label: str) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    archive = dest_dir / f"pawvan-{label}-{stamp}.zip"
    manifest = {"created": stamp, "label": label, "files": {}}

    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for root, path in collect(roots):
            arcname = f"{root.name}/{path.relative_to(root)}"
            zf.write(path, arcname)
            manifest["files"][arcname] = {
                "sha256": sha256_of(path),
                "size": path.stat().st_size,
            }
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))

    manifest_path = archive.with_suffix(".json")
    manifest_path.write_text(json.dumps(manifest, indent=2))
    log.info("archived %d files into %s", len(manifest["files"]), archive)
    return archive


def verify(archive: Path) -> bool:
    with zipfile.ZipFile(archive) as zf:
        bad = zf.testzip()
        if bad:
            log.error("corrupt member in archive: %s", bad)
            return False
        manifest = json.loads(zf.read("MANIFEST.json"))
        for name, meta in manifest["files"].items():
            data = zf.read(name)
            if hashlib.sha256(data).hexdigest() != meta["sha256"]:
                log.error("checksum mismatch for %s", name)
                return False
    log.info("archive verified")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description="Back up pet photos and notes")
    parser.add_argument("--photos", type=Path, default=PHOTO_ROOT)
    parser.add_argument("--notes", type=Path, default=NOTES_ROOT)
    parser.add_argument("--out", type=Path, default=BACKUP_DIR)
    parser.add_argument("--label", default=os.environ.get("PAWVAN_VAN_ID", "van"))
    parser.add_argument("--no-verify", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    archive = build_archive([args.photos, args.notes], args.out, args.label)
    if not args.no_verify and not verify(archive):
        return 1
    print(archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
