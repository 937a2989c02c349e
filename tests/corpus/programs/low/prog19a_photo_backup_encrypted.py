#!/usr/bin/env python3
"""Encrypted photo backup.

Walks a photo library, copies every new or changed image into a backup
folder and encrypts the copy. The originals are never modified or removed;
a manifest records the SHA-256 of every source so unchanged files are
skipped on the next run.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("photo-backup")

IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".raw", ".cr2", ".nef", ".tif"}


def sha256_of(path, block=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(block), b""):
            digest.update(chunk)
    return digest.hexdigest()


def load_or_create_key(key_file):
    """Read the backup key, or create one readable only by this user."""
    if key_file.exists():
        return key_file.read_bytes()
    key = Fernet.generate_key()
    key_file.write_bytes(key)
    os.chmod(key_file, 0o600)
    log.info("created new key at %s - keep a copy somewhere safe", key_file)
    return key


class BackupJob:
    def __init__(self, source, dest, cipher):
        self.source = source
        self.dest = dest
        self.cipher = cipher
        self.manifest_path = dest / "manifest.json"
        self.manifest = {}
        if self.manifest_path.exists():
            self.manifest = json.loads(self.manifest_path.read_text())

    def images(self):
        for dirpath, _dirs, files in os.walk(self.source):
            for name in sorted(files):
                path = Path(dirpath) / name
                if path.suffix.lower() in IMAGE_SUFFIXES:
                    yield path

    def backup_one(self, path):
        rel = str(path.relative_to(self.source))
        digest = sha256_of(path)
        if self.manifest.get(rel) == digest:
            return False
        target = self.dest / (rel + ".enc")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(self.cipher.encrypt(path.read_bytes()))
        self.manifest[rel] = digest
        return True

    def run(self):
        copied = skipped = 0
        for path in self.images():
            try:
                if self.backup_one(path):
                    copied += 1
                else:
                    skipped += 1
            except OSError as exc:
                log.warning("could not back up %s: %s", path, exc)
        self.manifest_path.write_text(json.dumps(self.manifest, indent=2, sort_keys=True))
        return copied, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="photo library to back up")
    parser.add_argument("--dest", type=Path, default=Path("backups"))
    parser.add_argument("--key-file", type=Path, default=Path("backup.key"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        parser.error("source must be a directory")
    args.dest.mkdir(parents=True, exist_ok=True)
    cipher = Fernet(load_or_create_key(args.key_file))
    copied, skipped = BackupJob(args.source, args.dest, cipher).run()
    log.info("backed up %d new/changed images, %d unchanged", copied, skipped)


if __name__ == "__main__":
    main()
