#!/usr/bin/env python3
"""Encrypted backup of the farm's herd record files.

Breed-society membership now requires that off-site copies of herd
registers, vet records and buyer contact sheets are encrypted. This tool
walks the records folder, writes an encrypted copy of every record file
into ``backups/<date>/`` (ready to copy to the USB stick or cloud drive)
and leaves the working files where they are.

The backup key lives in ``.herd_backup.key`` next to the records; keep a
copy of it away from the farm PC.
"""

import argparse
import json
import logging
import os
import sys
from datetime import date
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

log = logging.getLogger("herd-backup")

RECORD_SUFFIXES = {".csv", ".xls", ".xlsx", ".ods", ".doc", ".docx", ".pdf",
                   ".sqlite3", ".db", ".jpg", ".jpeg", ".png", ".txt"}
SKIP_DIRS = {".git", "__pycache__", "backups"}


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in RECORD_SUFFIXES and not p.is_symlink():
                yield p


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        key = bytes.fromhex(path.read_text().strip())
        if len(key) != 32:
            raise SystemExit(f"{path}: expected a 256-bit key")
        return key
    key = os.urandom(32)
    path.write_text(key.hex() + "\n")
    os.chmod(path, 0o600)
    log.warning("created new backup key %s - keep a copy off the farm PC", path)
    return key


class BackupWriter:
    def __init__(self, key: bytes, dest: Path):
        self._cipher = Cipher(algorithms.AES(key), modes.ECB())
        self.dest = dest
        self.manifest = []

    def _encrypt(self, data: bytes) -> bytes:
        padder = padding.PKCS7(128).padder()
        padded = padder.update(data) + padder.finalize()
        enc = self._cipher.encryptor()
        return enc.update(padded) + enc.finalize()

    def add(self, root: Path, path: Path) -> None:
        rel = path.relative_to(root)
        out = self.dest / rel.with_name(rel.name + ".enc")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(self._encrypt(path.read_bytes()))
        self.manifest.append({"file": str(rel), "bytes": path.stat().st_size})

    def finish(self) -> None:
        (self.dest / "manifest.json").write_text(json.dumps(self.manifest, indent=1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="?", type=Path, default=Path("records"))
    ap.add_argument("--out", type=Path, default=Path("backups"))
    ap.add_argument("--max-mb", type=int, default=200)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    if not args.records.is_dir():
        log.error("records folder %s not found", args.records)
        return 1
    key = load_or_create_key(args.records / ".herd_backup.key")
    writer = BackupWriter(key, args.out / date.today().isoformat())
    copied = skipped = 0
    for path in candidates(args.records):
        try:
            if path.stat().st_size > args.max_mb * 1024 * 1024:
                skipped += 1
                continue
            writer.add(args.records, path)
            copied += 1
        except OSError as exc:
            log.warning("skip %s: %s", path, exc)
            skipped += 1
    writer.finish()
    log.info("backed up %d record files (%d skipped) to %s",
             copied, skipped, writer.dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
