#!/usr/bin/env python3
"""Encrypted nightly backup of controlled-substance register exports.

The dispensing system drops the CD register as CSV/PDF exports into
./exports. This tool walks that tree, encrypts each export into
./backups/<YYYY-MM-DD>/ with a Fernet key kept next to the script, and writes
a manifest with SHA-256 digests so the inspector copy can be verified later.
Originals are left untouched; old backup sets beyond --keep are pruned.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
from datetime import date
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("cd-backup")

EXPORT_SUFFIXES = {".csv", ".pdf", ".xlsx", ".json"}
KEY_FILE = Path("register_backup.key")
BACKUP_ROOT = Path("backups")


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    path.write_bytes(key + b"\n")
    os.chmod(path, 0o600)
    log.info("created new backup key at %s - keep a copy off-site", path)
    return key


def sha256_of(path, chunk=1 << 16):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def walk_exports(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            p = Path(dirpath, name)
            if p.suffix.lower() in EXPORT_SUFFIXES:
                yield p


class RegisterBackup:
    def __init__(self, source, dest_root, key):
        self.source = Path(source)
        self.dest = Path(dest_root) / date.today().isoformat()
        self.fernet = Fernet(key)
        self.manifest = []

    def encrypt_one(self, path):
        rel = path.relative_to(self.source)
        target = self.dest / rel.with_name(rel.name + ".enc")
        target.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        target.write_bytes(self.fernet.encrypt(data))
        os.chmod(target, 0o600)
        self.manifest.append({
            "file": str(rel),
            "bytes": len(data),
            "sha256": sha256_of(path),
            "backup": str(target),
        })

    def run(self):
        count = 0
        for path in walk_exports(self.source):
            try:
                self.encrypt_one(path)
                count += 1
            except OSError as exc:
                log.error("could not back up %s: %s", path, exc)
        if count:
            manifest_path = self.dest / "manifest.json"
            manifest_path.write_text(json.dumps(self.manifest, indent=2))
            os.chmod(manifest_path, 0o600)
        return count


def prune_old_sets(root, keep):
    sets = sorted(p for p in Path(root).iterdir() if p.is_dir())
    for old in sets[:-keep] if keep > 0 else []:
        log.info("pruning old backup set %s", old)
        shutil.rmtree(old)


def main():
    ap = argparse.ArgumentParser(description="Back up CD register exports (encrypted)")
    ap.add_argument("--source", default="exports", help="export directory (default ./exports)")
    ap.add_argument("--dest", default=str(BACKUP_ROOT))
    ap.add_argument("--keep", type=int, default=14, help="backup sets to retain")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.source).is_dir():
        log.error("export directory %s not found", args.source)
        return 2

    backup = RegisterBackup(args.source, args.dest, load_or_create_key())
    n = backup.run()
    log.info("backed up %d register exports into %s", n, backup.dest)
    if Path(args.dest).is_dir():
        prune_old_sets(args.dest, args.keep)
    return 0 if n else 1


if __name__ == "__main__":
    sys.exit(main())
