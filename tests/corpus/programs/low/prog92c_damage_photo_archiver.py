#!/usr/bin/env python3
"""Damage photo archiver.

Off-hire inspections produce a lot of photos of dents, cracked glass and
hydraulic leaks.  Insurers want them tamper-evident, so this tool packs the
photos for each hire contract into a zip in ./archive together with a
SHA-256 manifest that the claims desk can check against later.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("photoarchive")

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".tif", ".tiff"}
CONTRACT_RE = re.compile(r"(HC\d{6})", re.IGNORECASE)


class ArchiveConfig:
    source = Path("incoming")
    dest = Path("archive")
    workers = 4


def iter_photos(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath) / name
            if p.suffix.lower() in PHOTO_SUFFIXES:
                yield p


def contract_for(path):
    m = CONTRACT_RE.search(str(path))
    return m.group(1).upper() if m else "UNASSIGNED"


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return path, h.hexdigest()


def build_archive(contract, photos, dest, root):
    dest.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    zpath = dest / f"{contract}_{stamp}.zip"
    with ThreadPoolExecutor(max_workers=ArchiveConfig.workers) as pool:
        digests = dict(pool.map(sha256_of, photos))
    manifest = {
        "contract": contract,
        "created": stamp,
        "files": {str(p.relative_to(root)): d for p, d in digests.items()},
    }
    with zipfile.ZipFile(zpath, "w", compression=zipfile.ZIP_STORED) as zf:
        for p in photos:
            zf.write(p, arcname=str(p.relative_to(root)))
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
    log.info("%s: %d photos -> %s", contract, len(photos), zpath)
    return zpath


def verify_archive(zpath):
    with zipfile.ZipFile(zpath) as zf:
        manifest = json.loads(zf.read("MANIFEST.json"))
        for name, digest in manifest["files"].items():
            if hashlib.sha256(zf.read(name)).hexdigest() != digest:
                raise ValueError(f"{zpath}: digest mismatch for {name}")
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive damage photos per contract")
    ap.add_argument("--source", type=Path, default=ArchiveConfig.source)
    ap.add_argument("--dest", type=Path, default=ArchiveConfig.dest)
    ap.add_argument("--verify", action="store_true",
                    help="re-read each archive and check the manifest")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("source %s does not exist", args.source)
        return 2

    grouped = {}
    for photo in iter_photos(args.source):
        grouped.setdefault(contract_for(photo), []).append(photo)
    if not grouped:
        log.info("nothing to archive")
        return 0

    for contract, photos in sorted(grouped.items()):
        try:
            zpath = build_archive(contract, photos, args.dest, args.source)
            if args.verify:
                verify_archive(zpath)
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            log.error("%s: %s", contract, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
