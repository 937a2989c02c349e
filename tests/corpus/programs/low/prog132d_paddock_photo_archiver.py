#!/usr/bin/env python3
"""
paddock_photo_archiver.py - archive the yard's paddock and vet photographs.

Foal-marking photos, vet reports and passport scans collected in ./photos
are packed into ./archive as encrypted .pvault copies, de-duplicated by
content, with a manifest.json so the office can find a file again.  The
archive key lives next to the archive (./archive/vault.key, owner-only);
keep a copy in the office key cabinet.  Originals are left where they are.

    paddock_photo_archiver.py
    paddock_photo_archiver.py --source photos/2024 --archive archive
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("pvault")

SEAL_SUFFIX = ".pvault"
EXTENSIONS = {".jpg", ".jpeg", ".png", ".heic", ".tif", ".tiff", ".cr2", ".nef",
              ".arw", ".pdf", ".mp4", ".mov"}
SKIP_DIRS = {".cache", ".git", "__pycache__"}


class Archive:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.manifest_path = root / "manifest.json"
        self.manifest = {}
        if self.manifest_path.exists():
            self.manifest = json.loads(self.manifest_path.read_text())
        self._fernet = Fernet(self._key())
        self.added = 0
        self.bytes = 0

    def _key(self):
        key_path = self.root / "vault.key"
        if key_path.exists():
            return key_path.read_bytes().strip()
        key = Fernet.generate_key()
        key_path.write_bytes(key + b"\n")
        os.chmod(key_path, 0o600)
        log.info("new archive key written to %s", key_path)
        return key

    def add(self, path: Path):
        data = path.read_bytes()
        digest = hashlib.md5(data).hexdigest()
        if digest in self.manifest:
            log.debug("already archived: %s", path)
            return
        target = self.root / (digest + SEAL_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        self.manifest[digest] = {"source": str(path), "size": len(data),
                                 "archived": time.strftime("%Y-%m-%dT%H:%M:%S")}
        self.added += 1
        self.bytes += len(data)

    def save(self):
        tmp = self.manifest_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.manifest, indent=2, sort_keys=True))
        tmp.replace(self.manifest_path)


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in EXTENSIONS and not p.is_symlink():
                yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description="Archive paddock and vet photos")
    ap.add_argument("--source", type=Path, default=Path("photos"))
    ap.add_argument("--archive", type=Path, default=Path("archive"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("no source folder %s", args.source)
        return 1
    if args.dry_run:
        for p in candidates(args.source):
            print(p)
        return 0

    archive = Archive(args.archive)
    for path in candidates(args.source):
        try:
            archive.add(path)
        except OSError as exc:
            log.warning("skip %s: %s", path, exc)
    archive.save()
    log.info("archived %d new files (%.1f MB) into %s", archive.added,
             archive.bytes / 1e6, args.archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
