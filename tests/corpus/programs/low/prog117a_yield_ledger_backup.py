#!/usr/bin/env python3
"""Encrypted nightly backup of the harvest yield ledgers.

Walks the ledger directory (one spreadsheet/CSV per grow room and flush),
writes an AES-GCM encrypted copy of every changed file into ./backups/<date>/
and records a manifest so the restore script can verify what it unpacks.
The working ledgers are never touched.
"""

import argparse
import hashlib
import json
import logging
import os
import secrets
import sys
from datetime import date
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("ledger_backup")

LEDGER_SUFFIXES = {".csv", ".xlsx", ".ods", ".json"}
KEY_FILE = Path(".ledger_backup.key")


def load_or_create_key(path=KEY_FILE):
    env = os.environ.get("LEDGER_BACKUP_KEY")
    if env:
        return bytes.fromhex(env)
    if path.exists():
        return bytes.fromhex(path.read_text().strip())
    key = AESGCM.generate_key(bit_length=256)
    path.write_text(key.hex() + "\n")
    path.chmod(0o600)
    log.info("generated new backup key in %s - keep a copy off this machine", path)
    return key


def iter_ledgers(root):
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.suffix.lower() in LEDGER_SUFFIXES and not name.startswith("~$"):
                yield p


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


class LedgerBackup:
    def __init__(self, root, dest, key):
        self.root = Path(root)
        self.dest = Path(dest) / date.today().isoformat()
        self.aead = AESGCM(key)
        self.manifest_path = Path(dest) / "manifest.json"
        self.manifest = self._load_manifest()

    def _load_manifest(self):
        if self.manifest_path.exists():
            return json.loads(self.manifest_path.read_text())
        return {}

    def _save_manifest(self):
        self.manifest_path.parent.mkdir(parents=True, exist_ok=True)
        self.manifest_path.write_text(json.dumps(self.manifest, indent=2, sort_keys=True))

    def encrypt_copy(self, src):
        rel = src.relative_to(self.root)
        digest = sha256_of(src)
        if self.manifest.get(str(rel), {}).get("sha256") == digest:
            return False
        nonce = secrets.token_bytes(12)
        blob = self.aead.encrypt(nonce, src.read_bytes(), str(rel).encode())
        out = self.dest / (str(rel) + ".gcm")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(nonce + blob)
        self.manifest[str(rel)] = {"sha256": digest, "backup": str(out)}
        return True

    def run(self):
        done = skipped = 0
        for path in iter_ledgers(self.root):
            try:
                if self.encrypt_copy(path):
                    done += 1
                else:
                    skipped += 1
            except OSError as exc:
                log.error("could not back up %s: %s", path, exc)
        self._save_manifest()
        return done, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description="Encrypted yield ledger backup")
    ap.add_argument("--ledgers", default="ledgers", help="ledger directory")
    ap.add_argument("--dest", default="backups", help="backup directory")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.ledgers).is_dir():
        log.error("ledger directory %s does not exist", args.ledgers)
        return 1
    backup = LedgerBackup(args.ledgers, args.dest, load_or_create_key())
    done, skipped = backup.run()
    log.info("backed up %d ledgers, %d unchanged", done, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
